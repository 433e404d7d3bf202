public struct AddUser: Sendable {
    private let users: any AssigneeRepository

    public init(users: any AssigneeRepository) {
        self.users = users
    }

    public func callAsFunction(_ user: User) async throws -> User {
        try await users.add(user)
    }
}
