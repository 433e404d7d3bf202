public struct ListIssues: Sendable {
    private let issues: any IssueRepository

    public init(issues: any IssueRepository) {
        self.issues = issues
    }

    public func callAsFunction(_ filter: IssueFilter) async throws -> IssuePage {
        if let limit = filter.limit, limit < 0 {
            throw TrackerError.invalidInput(field: "limit", rule: "'\(limit)' must be 0 (all) or more")
        }
        var probe = filter
        probe.limit = filter.limit.map { $0 + 1 }
        let found = try await issues.list(probe)
        guard let limit = filter.limit, found.count > limit else {
            return IssuePage(issues: found, hasMore: false)
        }
        return IssuePage(issues: Array(found.prefix(limit)), hasMore: true)
    }
}
