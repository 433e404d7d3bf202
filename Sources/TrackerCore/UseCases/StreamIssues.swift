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

    /// `export`: the issues as `callAsFunction` hands them, then every label (by name) and
    /// milestone (by number), read in the same flight.
    public func withOrganization(
        _ filter: IssueFilter, _ body: @escaping @Sendable (Issue) throws -> Void
    ) async throws -> (labels: [Label], milestones: [Milestone]) {
        try await names.explaining { try await issues.streamWithOrganization(filter, body) }
    }

    public func callAsFunction(_ filter: IssueFilter, _ body: @escaping @Sendable (Issue) throws -> Void) async throws {
        if let search = filter.search { try SearchQuery.requireWithinLimit(search) }
        try await names.explaining { try await issues.stream(filter, body) }
    }
}
