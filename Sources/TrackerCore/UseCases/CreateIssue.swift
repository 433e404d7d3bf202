public struct CreateIssue: Sendable {
    private let issues: any IssueRepository
    private let users: any AssigneeRepository

    public init(issues: any IssueRepository, users: any AssigneeRepository) {
        self.issues = issues
        self.users = users
    }

    public func callAsFunction(_ draft: IssueDraft, author: Login) async throws -> Issue {
        try await RegisteredUsers(users: users).require(draft.assignees)
        return try await issues.create(draft, author: author)
    }
}
