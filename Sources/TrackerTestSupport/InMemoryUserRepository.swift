import TrackerCore

/// Users in memory, for unit tests of the core and the view models.
public actor InMemoryUserRepository: UserRepository {
    private var users: [User] = []
    /// The database role each linked login logs in as.
    private var roles: [Login: String] = [:]

    public init(_ users: [User] = []) {
        self.users = users
    }

    public func add(_ user: User, role: String?) async throws -> UserAddition {
        if let role, roles.values.contains(role) {
            throw TrackerError.invalidInput(field: "role", rule: "is already linked to another user")
        }
        if let existing = users.first(where: { $0.login == user.login }) {
            guard let role, roles[existing.login] == nil else {
                throw TrackerError.invalidInput(
                    field: "login", rule: "'\(user.login)' is already registered (logins ignore case)")
            }
            roles[existing.login] = role
            return .linked(existing)
        }
        users.append(user)
        if let role { roles[user.login] = role }
        return .added(user)
    }

    public func addIfMissing(_ user: User) async throws -> User {
        try await addIfMissing(user, fillingEmptyName: false)
    }

    /// As `addIfMissing`; `fillingEmptyName` (an import) gives an existing user with no name the
    /// one `user` has, never replacing a name someone set.
    public func addIfMissing(_ user: User, fillingEmptyName: Bool) async throws -> User {
        if let index = users.firstIndex(where: { $0.login == user.login }) {
            if fillingEmptyName, users[index].name.isEmpty { users[index].name = user.name }
            return users[index]
        }
        users.append(user)
        return user
    }

    /// Levels are the database's: here anyone may rename anyone (the view model checks its
    /// `Permissions`, PostgreSQL the session's level).
    public func rename(_ login: Login, to name: String, actor: Login) async throws -> User {
        guard let index = users.firstIndex(where: { $0.login == login }) else {
            throw TrackerError.unknownUser(login: login.value, suggestions: [])
        }
        users[index].name = name
        return users[index]
    }

    public func find(_ login: Login) async throws -> User? {
        users.first { $0.login == login }
    }

    public func list(prefix: String?, limit: Int?) async throws -> [User] {
        let matching =
            users
            .filter { prefix == nil || $0.login.value.lowercased().hasPrefix(prefix!.lowercased()) }
            .sorted { $0.login.value.lowercased() < $1.login.value.lowercased() }
        return Array(matching.prefix(limit ?? Int.max))
    }

    /// Open assignments are counted by the issue repository that holds them; this one sees none.
    public func workloads(prefix: String?, limit: Int?) async throws -> [UserWorkload] {
        try await list(prefix: prefix, limit: limit).map {
            UserWorkload(user: $0, openAssignments: openAssignments[$0.login] ?? 0)
        }
    }

    /// Set by tests of the People tab.
    public func setOpenAssignments(_ counts: [Login: Int64]) {
        openAssignments = counts
    }

    private var openAssignments: [Login: Int64] = [:]

    public func suggestions(for text: String, limit: Int) async throws -> [Login] {
        guard let first = text.first else { return [] }
        let candidates = users.map(\.login).filter { $0.value.lowercased().hasPrefix(String(first).lowercased()) }
        return NameSuggestions.rank(text, among: candidates, limit: limit) { $0.value }
    }
}
