/// `tracker users add LOGIN [--name N] [--role ROLE]`: a new user, or an existing one linked to
/// the database role that logs in as them (`role`: 1–63 bytes, as PostgreSQL names roles).
public struct AddUser: Sendable {
    private let users: any UserRepository

    public init(users: any UserRepository) {
        self.users = users
    }

    public func callAsFunction(_ user: User, role: String? = nil) async throws -> UserAddition {
        if let role {
            guard !role.isEmpty, role.utf8.count <= 63, !role.unicodeScalars.contains(where: TextRules.isControl)
            else {
                throw TrackerError.invalidInput(
                    field: "role", rule: "a role is named in 1 to 63 bytes, on one line; '\(role)' is not")
            }
        }
        return try await users.add(user, role: role)
    }
}
