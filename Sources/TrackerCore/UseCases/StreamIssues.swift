/// `tracker export` and `tracker list --limit 0 --json`: every matching issue, streamed.
public struct StreamIssues: Sendable {
    private let issues: any IssueRepository

    public init(issues: any IssueRepository) {
        self.issues = issues
    }

    public func callAsFunction(_ filter: IssueFilter, _ body: @escaping @Sendable (Issue) throws -> Void) async throws {
        try await issues.stream(filter, body)
    }
}
