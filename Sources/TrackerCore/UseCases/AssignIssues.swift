/// `tracker assign 12 13 alice bob`: adds assignees to several issues at once, all-or-nothing.
public struct AssignIssues: Sendable {
    private let issues: any IssueRepository
    private let users: any UserRepository

    public init(issues: any IssueRepository, users: any UserRepository) {
        self.issues = issues
        self.users = users
    }

    public func callAsFunction(_ logins: [Login], to numbers: [IssueNumber], actor: Login) async throws -> [Issue] {
        guard !numbers.isEmpty else {
            throw TrackerError.invalidInput(field: "issue number", rule: "name at least one issue, e.g. 12")
        }
        guard !logins.isEmpty else {
            throw TrackerError.invalidInput(field: "login", rule: "name at least one person to assign, e.g. alice")
        }
        let unique = try IssueDraft.validAssignees(logins, issue: numbers.min())
        return try await KnownNames(users: users).explaining {
            try await issues.assign(unique, to: Array(Set(numbers)).sorted(), actor: actor)
        }
    }
}
