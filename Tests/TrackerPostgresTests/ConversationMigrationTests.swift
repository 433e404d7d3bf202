import Postgres
import Testing
import TrackerCore
import TrackerPostgres
import TrackerTestSupport

/// Migration 0003 on issues written before it: their bodies' mentions are found by the same
/// rule as new text, in the migration's own transaction.
@Suite struct ConversationMigrationTests {
    @Test func bodiesWrittenBeforeMentionsWereKeptAreBackfilled() async throws {
        let database = Database(settings: try await TestPostgres.shared.emptyDatabase())
        try await Migrator(database: database, migrations: Array(Migrator.bundled.prefix(2))).migrate()
        try await database.withConnection { connection in
            try connection.execute(
                """
                INSERT INTO users (login) VALUES ('alice'), ('Bob'), ('carol');
                INSERT INTO issues (number, title, body, author_id)
                VALUES (1, 'one', 'cc @bob and @nobody', 1),
                       (2, 'two', 'not `@carol`, nor carol@example.com', 1),
                       (3, 'three', 'no mentions', 1);
                UPDATE issue_number_counter SET last_number = 3;
                """)
        }
        try await Migrator(database: database).migrate()
        let issues = PostgresIssueRepository(database: database)
        let mentioningBob = try await issues.list(IssueFilter(mention: try Login("bob")))
        #expect(mentioningBob.map(\.number.value) == [1])
        #expect(try await issues.list(IssueFilter(mention: try Login("carol"))).isEmpty)
        #expect(try await issues.details(of: try IssueNumber(1)).issue.version == 1)
    }
}
