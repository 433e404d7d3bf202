import Postgres
import Testing
import TrackerCore
import TrackerPostgres
import TrackerTestSupport

/// Migration 0016 fingerprints the issues a tracker already has, by the rule an import uses for a
/// record without a `url`: importing again the file they came from (before this migration, when
/// nothing was remembered) skips them, and a record that differs is imported.
@Suite struct ImportSourcesMigrationTests {
    @Test func issuesFromBeforeAreRecognisedByTheirFingerprint() async throws {
        let database = Database(settings: try await TestPostgres.shared.emptyDatabase())
        try await Migrator(database: database, migrations: Migrator.bundled.filter { $0.version < 16 }).migrate()
        try await database.withConnection { connection in
            try connection.execute(
                """
                INSERT INTO users (login) VALUES ('Alice');
                INSERT INTO issues (number, title, body, author_id, created_at, updated_at)
                VALUES (7, 'Crash on start', E'Steps:\\n1. ünïcode 🚀', (SELECT id FROM users WHERE login = 'Alice'),
                        '2024-01-02 03:04:05.25+00', '2024-01-02 03:04:05.25+00');
                UPDATE issue_number_counter SET last_number = 7;
                """)
        }
        try await Migrator(database: database).migrate()
        let keys = try await database.withConnection { connection in
            try connection.query("SELECT count(*) FROM issues WHERE source_key LIKE 'sha256:%'").rows[0].decode(
                0, as: Int.self)
        }
        #expect(keys == 1)

        func record(body: String) throws -> ImportedIssue {
            try ImportedIssue(
                number: 7, title: "Crash on start", body: body, state: .open, stateReason: nil,
                author: try Login("alice"), assignees: [], createdAt: Timestamp(microseconds: 1_704_164_645_250_000)!,
                updatedAt: Timestamp(microseconds: 1_704_164_645_250_000)!, closedAt: nil)
        }
        let issues = PostgresIssueRepository(database: database)
        let same = try await issues.importIssues([try record(body: "Steps:\n1. ünïcode 🚀")], actor: try Login("tester"))
        #expect(same == ImportResult(count: 0, skipped: 1, renumbered: []))
        let other = try await issues.importIssues([try record(body: "Steps")], actor: try Login("tester"))
        #expect(other == ImportResult(count: 1, skipped: 0, renumbered: [(old: 7, new: 8)]))
    }
}
