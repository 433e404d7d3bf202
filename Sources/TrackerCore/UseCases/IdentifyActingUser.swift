/// Finds the registered user a command acts as. On the private cluster, for the operating
/// system's login (`mayRegister`), a missing user is registered on first use; otherwise (a shared
/// database, or a login typed with --as or TRACKER_USER, which may be a typo) it is an error with
/// the closest registered logins and how to add one.
public struct IdentifyActingUser: Sendable {
    private let users: any AssigneeRepository

    public init(users: any AssigneeRepository) {
        self.users = users
    }

    public func callAsFunction(_ login: Login, mayRegister: Bool) async throws -> User {
        if let user = try await users.find(login) { return user }
        guard mayRegister else {
            let suggestions = try await users.suggestions(for: login.value, limit: NameSuggestions.shownLimit)
            throw TrackerError.unknownActingUser(login: login.value, suggestions: suggestions.map(\.value))
        }
        return try await users.addIfMissing(try User(login: login))
    }
}
