public struct ReopenIssue: Sendable {
    private let issues: any IssueRepository

    public init(issues: any IssueRepository) {
        self.issues = issues
    }

    /// Reopening an open issue is `.unchanged`, not an error.
    public func callAsFunction(_ number: IssueNumber, actor: Login) async throws -> StateChange {
        try await issues.reopen(number, actor: actor)
    }

    /// Several issues, all or nothing: a missing one reopens none of them.
    public func callAsFunction(_ numbers: [IssueNumber], actor: Login) async throws -> [StateChange] {
        try await issues.reopen(numbers, actor: actor)
    }
}
