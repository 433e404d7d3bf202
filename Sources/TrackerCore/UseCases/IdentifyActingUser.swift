/// Finds the registered user a command acts as. On the private cluster (`mayRegister`) a missing
/// user is registered on first use; on a shared database it is an error saying how to add one.
public struct IdentifyActingUser: Sendable {
    private let users: any AssigneeRepository

    public init(users: any AssigneeRepository) {
        self.users = users
    }

    public func callAsFunction(_ login: Login, mayRegister: Bool) async throws -> User {
        if let user = try await users.find(login) { return user }
        guard mayRegister else { throw TrackerError.unknownActingUser(login: login.value) }
        return try await users.addIfMissing(try User(login: login))
    }
}
