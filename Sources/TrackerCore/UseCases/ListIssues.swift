public struct ListIssues: Sendable {
    private let issues: any IssueRepository
    private let names: KnownNames

    public init(
        issues: any IssueRepository, labels: (any LabelRepository)? = nil, milestones: (any MilestoneRepository)? = nil,
        users: (any UserRepository)? = nil
    ) {
        self.issues = issues
        self.names = KnownNames(labels: labels, milestones: milestones, users: users)
    }

    public func callAsFunction(_ filter: IssueFilter) async throws -> IssuePage {
        if let search = filter.search { try SearchQuery.requireWithinLimit(search) }
        if let limit = filter.limit, limit < 0 {
            throw TrackerError.invalidInput(field: "limit", rule: "'\(limit)' must be 0 (all) or more")
        }
        // One more than asked tells whether there are more; a limit no table can reach means all.
        var probe = filter
        probe.limit = filter.limit.flatMap { limit in
            let (more, overflow) = limit.addingReportingOverflow(1)
            return overflow ? nil : more
        }
        let found = try await names.explaining { try await issues.list(probe) }
        var ignored: [String] = []
        if let search = filter.search { ignored = try await issues.ignoredSearchWords(in: search) }
        guard let limit = filter.limit, found.count > limit else {
            return IssuePage(issues: found, hasMore: false, ignoredSearchWords: ignored)
        }
        return IssuePage(issues: Array(found.prefix(limit)), hasMore: true, ignoredSearchWords: ignored)
    }
}
