import Postgres
import TrackerPostgres

/// A database as trackers before migration 0010 left it: every object in the migrating
/// session's first schema (usually `public`), recorded in a `schema_migrations` beside them.
public enum LegacyTracker {
    /// Applies the bundled migrations up to `version` the way those trackers did: with the
    /// session's own search path, each file in its own transaction.
    public static func create(_ settings: String, through version: Int = 9) throws {
        let connection = try Connection(settings: settings)
        try connection.execute(
            """
            CREATE TABLE schema_migrations (
                version integer PRIMARY KEY, name text NOT NULL, checksum text NOT NULL,
                applied_at timestamptz NOT NULL DEFAULT now())
            """)
        for migration in Migrator.bundled where migration.version <= version {
            try connection.transaction { connection in
                try connection.execute(migration.sql)
                try connection.query(
                    """
                    INSERT INTO schema_migrations (version, name, checksum)
                    VALUES ($1, $2, encode(sha256(convert_to($3, 'UTF8')), 'hex'))
                    """, [migration.version, migration.name, migration.sql])
            }
        }
    }
}
