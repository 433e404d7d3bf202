public struct ListUsers: Sendable {
    private let users: any AssigneeRepository

    public init(users: any AssigneeRepository) {
        self.users = users
    }

    public func callAsFunction(prefix: String? = nil, limit: Int? = nil) async throws -> [User] {
        try await users.list(prefix: prefix, limit: limit)
    }
}
