public struct ShowIssue: Sendable {
    private let issues: any IssueRepository

    public init(issues: any IssueRepository) {
        self.issues = issues
    }

    public func callAsFunction(_ number: IssueNumber) async throws -> IssueDetails {
        try await issues.details(of: number)
    }
}
