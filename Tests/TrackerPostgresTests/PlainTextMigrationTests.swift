import Postgres
import Testing
import TrackerCore
import TrackerPostgres
import TrackerTestSupport

/// Migration 0012 over rows the old rules let in: control and bidirectional characters become
/// U+FFFD, names that would then collide get a number, and every reader works.
@Suite struct PlainTextMigrationTests {
    @Test func oddTextIsRepairedAndNamesStayUnique() async throws {
        let database = Database(settings: try await TestPostgres.shared.emptyDatabase())
        try await Migrator(database: database, migrations: Migrator.bundled.filter { $0.version < 12 }).migrate()
        try await database.withConnection { connection in
            try connection.execute(
                """
                INSERT INTO users (login, name) VALUES ('alice', E'Alice \\x1b[31m'), ('bob', E'Bob\\u2066');
                INSERT INTO labels (name, color) VALUES (E'ui\\u202e', 'aaaaaa'), (E'ui\\u2067', 'bbbbbb');
                INSERT INTO milestones (number, title) VALUES (1, E'v1\\u202d');
                INSERT INTO issues (number, title, author_id) VALUES (1, E'Invoice \\u202efdp.exe', 1);
                UPDATE issue_number_counter SET last_number = 1;
                INSERT INTO issue_events (issue_number, kind, actor_id, label_name) VALUES (1, 'labeled', 1, E'x\\x1b');
                """)
        }
        try await Migrator(database: database).migrate()
        let users = try await PostgresUserRepository(database: database).list(prefix: nil, limit: nil)
        #expect(users.map(\.name) == ["Alice \u{FFFD}[31m", "Bob\u{FFFD}"])
        let labels = try await PostgresLabelRepository(database: database).list(search: nil)
        #expect(Set(labels.map(\.name.value)) == ["ui\u{FFFD}", "ui\u{FFFD} 2"])
        let details = try await PostgresIssueRepository(database: database).details(of: try IssueNumber(1))
        #expect(details.issue.title == "Invoice \u{FFFD}fdp.exe")
        #expect(details.events.map(\.kind) == [.labeled(LabelName(stored: "x\u{FFFD}"))])
        let milestones = try await PostgresMilestoneRepository(database: database).list(state: nil)
        #expect(milestones.map(\.title.value) == ["v1\u{FFFD}"])
        await #expect(throws: PostgresError.self) {
            try await database.withConnection { connection in
                try connection.execute("INSERT INTO users (login, name) VALUES ('carol', E'\\u202e')")
            }
        }
    }
}
