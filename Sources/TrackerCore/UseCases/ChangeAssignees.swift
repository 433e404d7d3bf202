/// The assignee picker's save: who was removed and who was added, on one issue, as one
/// all-or-nothing change (a failure never leaves half of it).
public struct ChangeAssignees: Sendable {
    private let issues: any IssueRepository
    private let users: any UserRepository

    public init(issues: any IssueRepository, users: any UserRepository) {
        self.issues = issues
        self.users = users
    }

    public func callAsFunction(
        _ number: IssueNumber, adding: [Login], removing: [Login], actor: Login
    )
        async throws -> Issue
    {
        let adding = try IssueDraft.validAssignees(adding, issue: number)
        return try await KnownNames(users: users).explaining {
            try await issues.changeAssignees(of: number, adding: adding, removing: removing, actor: actor)
        }
    }
}
