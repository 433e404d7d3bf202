import Postgres
import TrackerCore

/// Projects through migration 0022's `projects` table and functions. The session's project is the
/// connection's `tracker.project`/`tracker.remote` settings, read by `tracker_project_id()`.
public struct PostgresProjectRepository: ProjectRepository {
    private let database: Database

    public init(database: Database) {
        self.database = database
    }

    static let columns = "key, name, remote, is_default, archived_at IS NOT NULL"

    public func list() async throws -> [Project] {
        try await database.tracked { connection in
            try connection.query("SELECT \(Self.columns) FROM projects ORDER BY key").rows.map(Self.project)
        }
    }

    public func current() async throws -> Project {
        try await database.tracked { connection in
            try Self.project(
                try connection.query("SELECT \(Self.columns) FROM projects WHERE id = tracker_project_id()").rows[0])
        }
    }

    public func create(_ project: Project, remoteOffered: Bool) async throws -> Project {
        let remote = try project.remote.map { try GitRemote($0) }
        let recorded: String? = try await database.trackedTransaction { connection in
            try connection.query(
                "SELECT tracker_create_project($1, $2, $3, $4, $5)",
                [project.key.value, project.name, remote?.url, remote?.repository, remoteOffered]
            ).rows[0].decode(0)
        }
        var created = project
        created.remote = recorded
        return created
    }

    public func edit(_ key: ProjectKey, _ edit: ProjectEdit) async throws {
        _ = try await database.trackedTransaction { connection in
            if let level = edit.defaultLevel {
                try connection.query("SELECT tracker_set_project_default_level($1, $2)", [key.value, level?.rawValue])
            }
            return try connection.query(
                "SELECT tracker_edit_project($1, $2, $3, $4, $5, $6, $7, $8)",
                [
                    key.value, edit.key?.value, edit.name, edit.remote?.url, edit.remote?.repository,
                    edit.clearsRemote ? "true" : "false", edit.archived.map { $0 ? "true" : "false" },
                    edit.makesDefault ? "true" : "false",
                ])
        }
    }

    public func move(_ number: IssueNumber, to project: ProjectKey, actor: Login) async throws -> MovedIssue {
        try await database.trackedTransaction { connection in
            let row = try connection.query(
                "SELECT moved_key, moved_number FROM tracker_move_issue($1, $2, $3)",
                [actor.value, String(number.value), project.value]
            ).rows[0]
            return MovedIssue(
                from: number, project: try ProjectKey(try row.decode(0)), number: try IssueNumber(try row.decode(1)))
        }
    }

    static func project(_ row: Row) throws -> Project {
        Project(
            key: try ProjectKey(try row.decode(0)), name: try row.decode(1), remote: try row.decode(2),
            isDefault: try row.decode(3), isArchived: try row.decode(4))
    }
}
