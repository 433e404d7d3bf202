import Postgres
import TrackerCore

/// Turns logins into user ids inside a repository's transaction; unknown logins are an error.
enum UserLookup {
    static func id(of login: Login, on connection: Connection) throws -> Int64 {
        try ids(of: [login], on: connection)[0]
    }

    /// Ids in the order of `logins`.
    static func ids(of logins: [Login], on connection: Connection) throws -> [Int64] {
        guard !logins.isEmpty else { return [] }
        let lowered = logins.map { $0.value.lowercased() }
        let rows = try connection.query(
            "SELECT lower(login), id FROM users WHERE lower(login) = ANY($1::text[])",
            [PostgresTextArray(lowered)]
        ).rows
        var idsByLogin: [String: Int64] = [:]
        for row in rows { idsByLogin[try row.decode(0)] = try row.decode(1) }
        return try zip(logins, lowered).map { login, key in
            guard let id = idsByLogin[key] else {
                throw TrackerError.unknownUser(login: login.value, suggestions: [])
            }
            return id
        }
    }
}
