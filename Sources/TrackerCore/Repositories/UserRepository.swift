/// Holds the registered users that can author issues and be assigned. Implementations throw
/// `TrackerError`; logins match ignoring case.
public protocol UserRepository: Sendable {
    /// Registers a new user linked to the database role `role` (who logs in as them); an already
    /// registered login (in any case) is refused, except that, with a role, one linked to no
    /// role yet (an imported author, a user from before roles) is linked to it instead.
    func add(_ user: User, role: String?) async throws -> UserAddition
    /// Registers the user unless the login is already there; returns the stored user.
    func addIfMissing(_ user: User) async throws -> User
    func find(_ login: Login) async throws -> User?
    /// Users whose login starts with `prefix` (ignoring case), or all when `nil`, by login.
    func list(prefix: String?, limit: Int?) async throws -> [User]
    /// Like `list`, each user with the number of open issues assigned to them.
    func workloads(prefix: String?, limit: Int?) async throws -> [UserWorkload]
    /// Sets (or, with "", clears) the user's display name as `actor`: their own, or anyone's for
    /// an admin; returns the stored user. An unknown login is `.unknownUser`.
    func rename(_ login: Login, to name: String, actor: Login) async throws -> User
    /// Registered logins close to `text` (sharing a prefix, or a small edit distance from a
    /// candidate sharing its first letter), looked up without loading every user.
    func suggestions(for text: String, limit: Int) async throws -> [Login]
}

extension UserRepository {
    /// Registers a new user linked to no role.
    public func add(_ user: User) async throws -> User {
        try await add(user, role: nil).user
    }
}

/// What `users add` did: registered a new user, or linked an existing one to a role.
public enum UserAddition: Equatable, Sendable {
    case added(User)
    case linked(User)

    public var user: User {
        switch self {
        case .added(let user), .linked(let user): user
        }
    }
}
