import Postgres
import Testing
import TrackerCore
import TrackerPostgres
import TrackerTestSupport

@Suite struct MigratorTests {
    @Test func appliesEveryMigrationOnceAndIsIdempotent() async throws {
        let database = Database(settings: try await TestPostgres.shared.emptyDatabase())
        let migrator = Migrator(database: database)
        #expect(try await migrator.check() == .behind)
        let first = try await migrator.migrate()
        #expect(first.map(\.name) == Migrator.bundled.map(\.name))
        #expect(try await migrator.migrate().isEmpty)
        #expect(try await migrator.check() == .current)
        #expect(try await migrator.status().allSatisfy { $0.state == .applied })
        let tables = try await database.withConnection { connection in
            try connection.query(
                "SELECT count(*) FROM pg_tables WHERE tablename IN ('users', 'all_issues', 'all_issue_assignees', 'all_issue_events')"
            ).rows[0].decode(0, as: Int.self)
        }
        #expect(tables == 4)
    }

    /// A migration that takes longer than the session's statement limit (a table rewrite on a
    /// large tracker) still applies: the limit guards commands, not schema changes.
    @Test func aMigrationLongerThanTheStatementLimitApplies() async throws {
        let settings = try await TestPostgres.shared.emptyDatabase()
        let database = Database(
            settings: settings, limits: SessionLimits(connectTimeout: 5, statementTimeoutMilliseconds: 300))
        let slow = Migration(name: "0001_slow.sql", sql: "SELECT pg_sleep(0.6); CREATE TABLE slow (id int);")
        #expect(try await Migrator(database: database, migrations: [slow]).migrate().map(\.name) == ["0001_slow.sql"])
        await #expect(throws: (any Error).self, "the limit still holds outside migrations") {
            try await database.withConnection { connection in try connection.query("SELECT pg_sleep(0.6)") }
        }
    }

    @Test func anEditedAppliedMigrationIsRefused() async throws {
        let database = Database(settings: try await TestPostgres.shared.emptyDatabase())
        try await Migrator(database: database).migrate()
        var edited = Migrator.bundled
        edited[0] = Migration(name: edited[0].name, sql: edited[0].sql + "\n-- a sneaky edit\n")
        let migrator = Migrator(database: database, migrations: edited)
        #expect(try await migrator.status().first?.state == .changed)
        await #expect {
            try await migrator.migrate()
        } throws: { error in
            (error as? TrackerError)?.description.contains("was edited after it was applied") ?? false
        }
    }

    @Test func aSchemaNewerThanTheBinaryIsReported() async throws {
        let database = Database(settings: try await TestPostgres.shared.freshDatabase())
        let newer = Migrator.bundled + [Migration(name: "9999_future.sql", sql: "CREATE TABLE future (id int)")]
        try await Migrator(database: database, migrations: newer).migrate()
        let current = Migrator(database: database)
        #expect(try await current.check() == .ahead)
        #expect(try await current.status().last?.state == .unknown)
        await #expect(throws: TrackerError.self) { try await current.migrate() }
    }

    @Test func concurrentMigratorsApplyEachFileOnce() async throws {
        let settings = try await TestPostgres.shared.emptyDatabase()
        let applied = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<6 {
                group.addTask { try await Migrator(database: Database(settings: settings)).migrate().count }
            }
            return try await group.reduce(0, +)
        }
        #expect(applied == Migrator.bundled.count)
        let recorded = try await Database(settings: settings).withConnection { connection in
            try connection.query("SELECT count(*) FROM schema_migrations").rows[0].decode(0, as: Int.self)
        }
        #expect(recorded == Migrator.bundled.count)
    }
}
