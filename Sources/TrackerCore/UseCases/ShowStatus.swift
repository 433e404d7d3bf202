/// `tracker status`: the acting user's open issues, assigned, mentioning them, and opened.
public struct ShowStatus: Sendable {
    private let issues: any IssueRepository

    public init(issues: any IssueRepository) {
        self.issues = issues
    }

    public func callAsFunction(of user: Login, limit: Int = IssueStatus.defaultLimit) async throws -> IssueStatus {
        guard limit >= 1 else {
            throw TrackerError.invalidInput(field: "limit", rule: "'\(limit)' must be 1 or more")
        }
        return try await issues.status(of: user, limit: limit)
    }

    /// Every project's, the session's first.
    public func byProject(of user: Login, limit: Int = IssueStatus.defaultLimit) async throws -> [ProjectStatus] {
        guard limit >= 1 else {
            throw TrackerError.invalidInput(field: "limit", rule: "'\(limit)' must be 1 or more")
        }
        return try await issues.statusByProject(of: user, limit: limit)
    }
}
