import Postgres
import TrackerCore

/// Where a database's tracker lives, found at the start of each migration transaction, and the
/// search path that transaction's statements run with there. Migration 0010 moved everything
/// into the `tracker` schema, which only its owner may create objects in; before it, tracker
/// lived in the migrating session's first schema, often `public`, which other roles may write in.
enum MigrationSchema: Equatable {
    /// Never migrated: every migration creates its objects in `tracker`.
    case none
    /// In `tracker`: migrated since 0010, or first migrated by a tracker that has it.
    case tracker
    /// Migrated before 0010, in this schema; 0010 moves it into `tracker`.
    case legacy(String)

    /// The migration that moves a legacy schema's objects into `tracker`.
    static let movingVersion = 10

    var hasHistory: Bool { self != .none }

    /// Looks only into PostgreSQL's own catalog until the tracker's schema is known, then puts
    /// that schema (and pg_catalog, never another) on the transaction's search path.
    static func locate(on connection: Connection) throws -> MigrationSchema {
        connection.send("SELECT pg_catalog.set_config('search_path', 'pg_catalog, pg_temp', true)")
        let modern = connection.send("SELECT to_regclass('tracker.schema_migrations') IS NOT NULL")
        let legacy = try connection.query(
            """
            SELECT n.nspname::text FROM pg_namespace n
             WHERE n.nspname <> $1
               AND EXISTS (SELECT 1 FROM pg_class c WHERE c.relnamespace = n.oid AND c.relname = 'schema_migrations')
               AND EXISTS (SELECT 1 FROM pg_class c WHERE c.relnamespace = n.oid AND c.relname = 'issue_number_counter')
             ORDER BY n.nspname
            """, [TrackerSchema.name]
        ).rows.map { row throws(PostgresError) -> String in try row.decode(0) }
        let schema: MigrationSchema
        if try modern.result().rows[0].decode(0) {
            schema = .tracker
        } else if legacy.count > 1 {
            throw TrackerError.schemaMismatch(
                "several schemas of this database hold a tracker (\(legacy.joined(separator: ", "))): "
                    + "keep one (export it, drop the others) and run `tracker migrate` again")
        } else if let only = legacy.first {
            schema = .legacy(only)
        } else {
            schema = .none
        }
        if let searchPath = schema.searchPath { use(searchPath, on: connection) }
        return schema
    }

    /// Readies the transaction for `migration`: the `tracker` schema, made safe, when the
    /// migration's objects go there, and (for 0010 on a legacy database) where they are now.
    func prepare(for migration: Migration, on connection: Connection) throws {
        switch self {
        case .tracker:
            return
        case .legacy where migration.version < MigrationSchema.movingVersion:
            return
        case .legacy(let schema):
            try MigrationSchema.ensureTrackerSchema(on: connection)
            connection.send("SELECT pg_catalog.set_config('tracker.legacy_schema', $1, true)", [schema])
        case .none:
            try MigrationSchema.ensureTrackerSchema(on: connection)
            try connection.execute(
                """
                CREATE TABLE schema_migrations (
                    version     integer PRIMARY KEY,
                    name        text NOT NULL,
                    checksum    text NOT NULL,
                    applied_at  timestamptz NOT NULL DEFAULT now()
                )
                """)
        }
    }

    /// The search path for this schema's migrations; nil while there is none.
    private var searchPath: String? {
        switch self {
        case .none: nil
        case .tracker: TrackerSchema.searchPath
        case .legacy(let schema): "\(MigrationSchema.quoted(schema)), pg_catalog, pg_temp"
        }
    }

    /// Creates `tracker` unless it exists (creating needs CREATE on the database; a schema made
    /// for this role beforehand does not), refuses one another role owns (its objects would be
    /// that role's to replace), and takes back CREATE on it from anyone but its owner.
    private static func ensureTrackerSchema(on connection: Connection) throws {
        let look = """
            SELECT pg_has_role(n.nspowner, 'USAGE'), pg_get_userbyid(n.nspowner)::text,
                   array_to_string(array(
                       SELECT CASE WHEN a.grantee = 0 THEN 'PUBLIC' ELSE quote_ident(pg_get_userbyid(a.grantee)) END
                         FROM aclexplode(n.nspacl) a WHERE a.privilege_type = 'CREATE' AND a.grantee <> n.nspowner), ', ')
              FROM pg_namespace n WHERE n.nspname = $1
            """
        var found = try connection.query(look, [TrackerSchema.name]).first
        if found == nil {
            try connection.execute("CREATE SCHEMA \(TrackerSchema.name)")
            found = try connection.query(look, [TrackerSchema.name]).first
        }
        guard let row = found, try row.decode(0) as Bool else {
            throw TrackerError.accessDenied(
                "the schema \(TrackerSchema.name) belongs to role \(try found?.decode(1) as String? ?? "?"), "
                    + "not to this one: its owner must run `tracker migrate`, or drop it if it holds no tracker")
        }
        let others: String = try row.decode(2)
        if !others.isEmpty { try connection.execute("REVOKE CREATE ON SCHEMA \(TrackerSchema.name) FROM \(others)") }
        use(TrackerSchema.searchPath, on: connection)
    }

    private static func use(_ searchPath: String, on connection: Connection) {
        connection.send("SELECT pg_catalog.set_config('search_path', $1, true)", [searchPath])
    }

    static func quoted(_ identifier: String) -> String {
        "\"" + identifier.replacing("\"", with: "\"\"") + "\""
    }
}
