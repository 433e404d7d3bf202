/// `tracker unassign 12 bob` or `tracker unassign 12 --all`: not assigned is fine.
public struct UnassignIssues: Sendable {
    private let issues: any IssueRepository
    private let users: any UserRepository

    public init(issues: any IssueRepository, users: any UserRepository) {
        self.issues = issues
        self.users = users
    }

    /// `logins` nil removes every assignee.
    public func callAsFunction(_ logins: [Login]?, from numbers: [IssueNumber], actor: Login) async throws -> [Issue] {
        guard !numbers.isEmpty else {
            throw TrackerError.invalidInput(field: "issue number", rule: "name at least one issue, e.g. 12")
        }
        if let logins {
            guard !logins.isEmpty else {
                throw TrackerError.invalidInput(field: "login", rule: "name someone to unassign, or pass --all")
            }
        }
        return try await KnownNames(users: users).explaining {
            try await issues.unassign(logins, from: Array(Set(numbers)).sorted(), actor: actor)
        }
    }
}
