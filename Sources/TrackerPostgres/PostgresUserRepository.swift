import Postgres
import TrackerCore

public struct PostgresUserRepository: UserRepository {
    private let database: Database

    public init(database: Database) {
        self.database = database
    }

    /// One flight: `tracker_add_user` (admin), then the user read back.
    public func add(_ user: User, role: String?) async throws -> UserAddition {
        do {
            return try await database.trackedTransaction { connection in
                let added = connection.send(
                    "SELECT tracker_add_user($1, $2, $3)", [user.login.value, user.name, role])
                let found = try PostgresUserRepository.user(
                    from: connection.query(
                        "SELECT login, name FROM users WHERE lower(login) = lower($1)", [user.login.value]
                    ).rows[0])
                return try added.result().rows[0].decode(0) ? .added(found) : .linked(found)
            }
        } catch TrackerError.invalidInput(field: "login", rule: _) {
            throw TrackerError.invalidInput(
                field: "login", rule: "'\(user.login)' is already registered (logins ignore case)")
        }
    }

    /// As `add`, unless the login is already there.
    public func addIfMissing(_ user: User) async throws -> User {
        if let found = try await find(user.login) { return found }
        return try await add(user)
    }

    /// One statement: migration 0017's `tracker_edit_user` (one's own name, or admin), which
    /// returns the user as stored.
    public func rename(_ login: Login, to name: String, actor: Login) async throws -> User {
        try await database.trackedTransaction { connection in
            try PostgresUserRepository.user(
                from: connection.query(
                    "SELECT login, name FROM tracker_edit_user($1, $2, $3)", [actor.value, login.value, name]
                ).rows[0])
        }
    }

    public func find(_ login: Login) async throws -> User? {
        try await database.tracked { connection in
            try connection.query(
                "SELECT login, name FROM users WHERE lower(login) = lower($1)", [login.value]
            ).first.map(PostgresUserRepository.user)
        }
    }

    public func list(prefix: String?, limit: Int?) async throws -> [User] {
        let pattern = prefix.map { PostgresUserRepository.likePrefix($0.lowercased()) }
        return try await database.tracked { connection in
            try connection.query(
                """
                SELECT login, name FROM users
                 WHERE ($1::text IS NULL OR lower(login) LIKE $1)
                 ORDER BY lower(login) LIMIT $2
                """, [pattern, limit]
            ).rows.map(PostgresUserRepository.user)
        }
    }

    public func workloads(prefix: String?, limit: Int?) async throws -> [UserWorkload] {
        let pattern = prefix.map { PostgresUserRepository.likePrefix($0.lowercased()) }
        return try await database.tracked { connection in
            try connection.query(
                """
                SELECT u.login, u.name,
                       (SELECT count(*) FROM issue_assignees ia JOIN issues i ON i.number = ia.issue_number
                         WHERE ia.user_id = u.id AND i.state = 'open' AND i.deleted_at IS NULL) AS open_assignments
                  FROM users u
                 WHERE ($1::text IS NULL OR lower(u.login) LIKE $1)
                 ORDER BY lower(u.login) LIMIT $2
                """, [pattern, limit]
            ).rows.map { row in
                UserWorkload(user: try PostgresUserRepository.user(from: row), openAssignments: try row.decode(2))
            }
        }
    }

    /// Candidates share the typed text's first letter, found through the login index (at most
    /// 200 of them), then ranked by prefix and edit distance.
    public func suggestions(for text: String, limit: Int) async throws -> [Login] {
        guard let first = text.first else { return [] }
        let pattern = PostgresUserRepository.likePrefix(String(first).lowercased())
        let candidates = try await database.tracked { connection in
            try connection.query(
                "SELECT login FROM users WHERE lower(login) LIKE $1 ORDER BY lower(login) LIMIT 200", [pattern]
            ).rows.map { row in try Login(try row.decode(0)) }
        }
        return NameSuggestions.rank(text, among: candidates, limit: limit) { $0.value }
    }

    /// A LIKE pattern matching text that starts with `prefix` literally.
    private static func likePrefix(_ prefix: String) -> String {
        var escaped = ""
        for character in prefix {
            if character == "\\" || character == "%" || character == "_" { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped + "%"
    }

    private static func user(from row: Row) throws -> User {
        User(login: try Login(try row.decode(0)), storedName: try row.decode(1))
    }
}
