public struct CreateIssue: Sendable {
    private let issues: any IssueRepository

    public init(issues: any IssueRepository) {
        self.issues = issues
    }

    public func callAsFunction(_ draft: IssueDraft, author: Login) async throws -> Issue {
        try await issues.create(draft, author: author)
    }
}
