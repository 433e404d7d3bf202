import Postgres
import TrackerCore

/// What runs one statement in every project (`status`, `list --all-projects`): the projects the
/// session may read, and the statement sent once per project after a `set_config` of
/// `tracker.project` local to the transaction, so each run reads one project through its views
/// and indexes.
enum ProjectStatements {
    /// The projects the session may read (migration 0023's level in each), by key.
    static let readable = "FROM projects WHERE (tracker_level_in(id)).level IS NOT NULL ORDER BY key"

    /// `statement` once in every project the session may read (one statement to learn which, then
    /// one flight); each project's key with its result.
    static func runInEveryReadable(
        _ statement: Statement, on connection: Connection
    ) throws -> [(project: ProjectKey, result: QueryResult)] {
        let keys = try connection.query("SELECT key \(readable)").rows.map {
            try ProjectKey(try $0.decode(0, as: String.self))
        }
        return Array(zip(keys, try run(statement, in: keys, on: connection)))
    }

    /// `statement` once in each of `keys`' projects, all in one flight; their results in order.
    static func run(_ statement: Statement, in keys: [ProjectKey], on connection: Connection) throws -> [QueryResult] {
        let pending = keys.map { key in
            connection.send("SELECT pg_catalog.set_config('tracker.project', $1, true)", [key.value])
            return connection.send(statement)
        }
        try connection.flush()
        return try pending.map { try $0.result() }
    }
}
