/// `tracker export` and `tracker list --limit 0 --json`: every matching issue, streamed.
public struct StreamIssues: Sendable {
    private let issues: any IssueRepository
    private let names: KnownNames

    public init(
        issues: any IssueRepository, labels: (any LabelRepository)? = nil, milestones: (any MilestoneRepository)? = nil,
        users: (any UserRepository)? = nil
    ) {
        self.issues = issues
        self.names = KnownNames(labels: labels, milestones: milestones, users: users)
    }

    public func callAsFunction(_ filter: IssueFilter, _ body: @escaping @Sendable (Issue) throws -> Void) async throws {
        if let search = filter.search { try SearchQuery.requireWithinLimit(search) }
        try await names.explaining { try await issues.stream(filter, body) }
    }
}
