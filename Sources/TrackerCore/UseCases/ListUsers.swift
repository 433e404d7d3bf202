public struct ListUsers: Sendable {
    private let users: any UserRepository

    public init(users: any UserRepository) {
        self.users = users
    }

    public func callAsFunction(prefix: String? = nil, limit: Int? = nil) async throws -> [User] {
        try await users.list(prefix: prefix, limit: limit)
    }

    /// Each user with their open assignments (the People tab).
    public func workloads(prefix: String? = nil, limit: Int? = nil) async throws -> [UserWorkload] {
        try await users.workloads(prefix: prefix, limit: limit)
    }
}
