public struct CreateIssue: Sendable {
    private let issues: any IssueRepository
    private let names: KnownNames

    public init(
        issues: any IssueRepository, users: any UserRepository, labels: (any LabelRepository)? = nil,
        milestones: (any MilestoneRepository)? = nil
    ) {
        self.issues = issues
        self.names = KnownNames(labels: labels, milestones: milestones, users: users)
    }

    public func callAsFunction(_ draft: IssueDraft, author: Login) async throws -> Issue {
        try await names.explaining { try await issues.create(draft, author: author) }
    }
}
