import Postgres
import TrackerCore

/// Levels through migration 0013/0014's functions and the `tracker_access` view.
public struct PostgresAccessRepository: AccessRepository {
    private let database: Database

    public init(database: Database) {
        self.database = database
    }

    public func session() async throws -> SessionAccess {
        try await database.tracked { connection in
            let row = try connection.query(
                """
                SELECT tracker_session_name(), tracker_session_level(),
                       CASE WHEN (SELECT count(*) FROM projects) > 1
                            THEN (SELECT key FROM projects WHERE id = tracker_project_id()) END
                """
            ).rows[0]
            return SessionAccess(
                name: try row.decode(0), level: (try row.decode(1) as String?).flatMap(AccessLevel.init(rawValue:)),
                project: try row.decode(2))
        }
    }

    public func list() async throws -> [AccessEntry] {
        try await database.tracked { connection in
            try connection.query(
                """
                SELECT role_name, login, level FROM tracker_access
                 ORDER BY level IS NULL, lower(coalesce(login, role_name)), role_name
                """
            ).rows.map { row in
                AccessEntry(
                    role: try row.decode(0), login: try (row.decode(1) as String?).map { try Login($0) },
                    level: (try row.decode(2) as String?).flatMap(AccessLevel.init(rawValue:)))
            }
        }
    }

    public func grant(_ level: AccessLevel, to who: String) async throws {
        _ = try await database.trackedTransaction { connection in
            try connection.query("SELECT tracker_grant_level($1, $2)", [who, level.rawValue])
        }
    }

    public func grantInProject(_ level: ProjectLevel, to who: String) async throws {
        _ = try await database.trackedTransaction { connection in
            try connection.query("SELECT tracker_grant_project_level($1, $2)", [who, level.rawValue])
        }
    }

    public func revokeInProject(from who: String) async throws {
        _ = try await database.trackedTransaction { connection in
            try connection.query("SELECT tracker_revoke_project_level($1)", [who])
        }
    }

    public func revoke(from who: String) async throws {
        _ = try await database.trackedTransaction { connection in
            try connection.query("SELECT tracker_revoke_level($1)", [who])
        }
    }
}
