import Postgres
import TrackerCore

/// One numbered SQL file from `Migrations/`, carried inside the binary.
public struct Migration: Sendable, Equatable {
    public let version: Int
    public let name: String
    public let sql: String

    public init(name: String, sql: String) {
        self.version = Int(name.prefix { $0.isNumber }) ?? 0
        self.name = name
        self.sql = sql
    }
}

public enum MigrationState: Sendable, Equatable {
    case applied
    case pending
    /// Applied, but the file differs from what was applied.
    case changed
    /// Applied to the database, unknown to this binary (the binary is older).
    case unknown
}

public struct MigrationStatus: Sendable, Equatable {
    public let version: Int
    public let name: String
    public let state: MigrationState
}

/// How the database's schema compares with what this binary knows.
public enum SchemaCheck: Sendable, Equatable {
    case current
    case behind
    case ahead
}

/// Applies migrations in order, each in its own transaction, recorded with a SHA-256 checksum in
/// `schema_migrations`, each under a transaction-level advisory lock so that concurrent migrators
/// apply each file once. Every transaction names the schema it works in (`MigrationSchema`), so
/// no schema another role can write in is on its search path; an up-to-date database is only
/// read, so any role that can read it may run `tracker migrate`.
public struct Migrator: Sendable {
    public static let bundled: [Migration] =
        embeddedMigrations
        .map { Migration(name: $0.name, sql: $0.sql) }
        .sorted { $0.version < $1.version }

    /// Data repairs that need tracker's own rules, run right after their migration's SQL in
    /// the same transaction (so they are part of it, and never run twice).
    static let repairs: [String: @Sendable (Connection) throws -> Void] = ["0003_conversation.sql": MentionBackfill.run]

    static let advisoryLockKey: Int64 = 0x7472_6163_6b65_72  // "tracker"

    public let migrations: [Migration]
    private let database: Database

    public init(database: Database, migrations: [Migration] = Migrator.bundled) {
        self.database = database
        self.migrations = migrations
    }

    /// Applies what is pending, one migration per transaction; returns the migrations applied now.
    @discardableResult
    public func migrate() async throws -> [Migration] {
        var applied: [Migration] = []
        while let migration = try await applyNext() { applied.append(migration) }
        return applied
    }

    /// One transaction: takes the migrators' lock, refuses an edited or unknown migration, and
    /// applies the first pending one (nil when none is, having written nothing). The lock is the
    /// transaction's own, released by its COMMIT: through a pooler in transaction mode the next
    /// transaction may run in another server session, where a session's lock would neither hold
    /// nor be released.
    private func applyNext() async throws -> Migration? {
        let migrations = self.migrations
        do {
            return try await database.transaction { connection in
                // A migration may rewrite tables and build indexes: minutes on a large tracker (0008 at
                // a million issues), so the session's statement limit does not apply inside it.
                connection.send("SELECT pg_catalog.set_config('statement_timeout', '0', true)")
                try connection.query("SELECT pg_catalog.pg_advisory_xact_lock($1)", [Migrator.advisoryLockKey])
                let schema = try MigrationSchema.locate(on: connection)
                let statuses = try Migrator.statuses(of: migrations, in: schema, on: connection)
                try Migrator.refuseEditedOrUnknown(statuses)
                let pending = Set(statuses.filter { $0.state == .pending }.map(\.version))
                guard let next = migrations.first(where: { pending.contains($0.version) }) else { return nil }
                try schema.prepare(for: next, on: connection)
                try connection.execute(next.sql)
                try Migrator.repairs[next.name]?(connection)
                try Migrator.sealPrivileges(on: connection)
                try connection.query(
                    """
                    INSERT INTO schema_migrations (version, name, checksum)
                    VALUES ($1, $2, encode(sha256(convert_to($3, 'UTF8')), 'hex'))
                    """, [next.version, next.name, next.sql])
                return next
            }
        } catch let error as PostgresError where error.sqlState == SQLState.insufficientPrivilege {
            // A migration that says what to do (0008 about unaccent) is heard as it says it.
            if let detail = error.detail { throw TrackerError.accessDenied("\(error.message): \(detail)") }
            throw TrackerError.accessDenied(try await whoMustMigrate(because: error.message))
        } catch let error as PostgresError {
            throw error.trackerError
        }
    }

    /// Migration 0028's `tracker_seal_privileges`, after every migration from it on: whatever a
    /// later migration creates, PUBLIC executes only the schema guard.
    private static func sealPrivileges(on connection: Connection) throws {
        try connection.query(
            """
            DO $$ BEGIN
                IF to_regprocedure('tracker_seal_privileges()') IS NOT NULL THEN PERFORM tracker_seal_privileges(); END IF;
            END $$
            """)
    }

    /// Why this role could not apply the first pending migration, and who can: the owner of the
    /// tracker's tables (the database's, when there are none yet), or, when that is this role,
    /// the database's owner, who can grant what it lacks.
    private func whoMustMigrate(because reason: String) async throws -> String {
        let pending = try await status().first { $0.state == .pending }?.name ?? "a migration"
        let (role, tracker, database): (String, String, String) = try await database.tracked { connection in
            let row = try connection.query(
                """
                WITH owners AS (
                    SELECT (SELECT pg_catalog.pg_get_userbyid(d.datdba) FROM pg_catalog.pg_database d
                             WHERE d.datname = pg_catalog.current_database())::text AS database,
                           (SELECT pg_catalog.pg_get_userbyid(c.relowner) FROM pg_catalog.pg_class c
                             WHERE c.relname = 'issue_number_counter' AND c.relkind = 'r' ORDER BY c.oid LIMIT 1)::text
                               AS tracker
                )
                SELECT pg_catalog.current_user()::text, coalesce(tracker, database), database FROM owners
                """
            ).rows[0]
            return (try row.decode(0), try row.decode(1), try row.decode(2))
        }
        let who =
            role == tracker
            ? "the database's owner, \(database), must grant it or run `tracker migrate`"
            : "the tracker's owner, \(tracker), must run `tracker migrate`"
        return "\(pending) is pending and role \(role) may not apply it (\(reason)): \(who)"
    }

    public func status() async throws -> [MigrationStatus] {
        let migrations = self.migrations
        return try await database.trackedTransaction { connection in
            try Migrator.statuses(of: migrations, in: try MigrationSchema.locate(on: connection), on: connection)
        }
    }

    /// One cheap look: is the schema at, behind or ahead of this binary's newest migration?
    public func check() async throws -> SchemaCheck {
        let newest = migrations.last?.version ?? 0
        return try await database.trackedTransaction { connection in
            guard try MigrationSchema.locate(on: connection).hasHistory else { return .behind }
            let applied = try connection.query("SELECT coalesce(max(version), 0) FROM schema_migrations")
            let version: Int = try applied.rows[0].decode(0)
            if version < newest { return .behind }
            return version > newest ? .ahead : .current
        }
    }

    private static func refuseEditedOrUnknown(_ statuses: [MigrationStatus]) throws {
        if let changed = statuses.first(where: { $0.state == .changed }) {
            throw TrackerError.schemaMismatch(
                "migration \(changed.name) was edited after it was applied (its checksum differs): "
                    + "restore the original file and put the change in a new numbered migration")
        }
        if let unknown = statuses.first(where: { $0.state == .unknown }) {
            throw TrackerError.schemaMismatch(
                "the database has migration \(unknown.name), newer than this tracker: upgrade tracker")
        }
    }

    private static func statuses(
        of migrations: [Migration], in schema: MigrationSchema, on connection: Connection
    ) throws -> [MigrationStatus] {
        guard schema.hasHistory else {
            return migrations.map { MigrationStatus(version: $0.version, name: $0.name, state: .pending) }
        }
        let checksums = try connection.query(
            """
            SELECT encode(sha256(convert_to(sql, 'UTF8')), 'hex')
            FROM unnest($1::text[]) WITH ORDINALITY AS files (sql, position) ORDER BY position
            """, [PostgresTextArray(migrations.map(\.sql))]
        ).rows.map { row throws(PostgresError) -> String in try row.decode(0) }
        var applied: [Int: (name: String, checksum: String)] = [:]
        for row in try connection.query("SELECT version, name, checksum FROM schema_migrations").rows {
            applied[try row.decode(0)] = (try row.decode(1), try row.decode(2))
        }
        var statuses = zip(migrations, checksums).map { migration, checksum in
            let state: MigrationState =
                switch applied[migration.version]?.checksum {
                case nil: .pending
                case checksum: .applied
                default: .changed
                }
            return MigrationStatus(version: migration.version, name: migration.name, state: state)
        }
        let known = Set(migrations.map(\.version))
        for (version, entry) in applied where !known.contains(version) {
            statuses.append(MigrationStatus(version: version, name: entry.name, state: .unknown))
        }
        return statuses.sorted { $0.version < $1.version }
    }
}
