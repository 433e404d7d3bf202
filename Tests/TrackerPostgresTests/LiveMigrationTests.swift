import Foundation
import Postgres
import Testing
import TrackerCore
import TrackerPostgres
import TrackerTestSupport

/// Migration 0007: events know their transaction, and every statement that writes events sends
/// one notification at COMMIT (none after a ROLLBACK).
@Suite struct LiveMigrationTests {
    /// A listener on the events channel, and every notification it gets until a marker sent last.
    func notifications(on database: String, during body: (Connection) throws -> Void) throws -> [String] {
        let listener = try Connection(settings: database)
        try listener.listen(to: ["tracker_events", "test_done"])
        let writer = try Connection(settings: database)
        try body(writer)
        try writer.notify("test_done", payload: "")
        var payloads: [String] = []
        while true {
            guard case .notified(let batch) = try listener.waitForNotifications(timeout: .seconds(30)) else {
                Issue.record("the marker never came")
                return payloads
            }
            for notification in batch {
                if notification.channel == "test_done" { return payloads }
                payloads.append(notification.payload)
            }
        }
    }

    @Test func eventsWrittenBeforeTheMigrationHaveNoTransactionAndNewOnesDo() async throws {
        let settings = try await TestPostgres.shared.emptyDatabase()
        let database = Database(settings: settings)
        let before = Migrator.bundled.filter { $0.version < 7 }
        try await Migrator(database: database, migrations: before).migrate()
        try await database.withConnection { connection in
            try connection.execute(
                """
                INSERT INTO users (login) VALUES ('alice');
                INSERT INTO issues (number, title, author_id) VALUES (1, 'Old', 1);
                INSERT INTO issue_events (issue_number, kind, actor_id) VALUES (1, 'created', 1);
                UPDATE issue_number_counter SET last_number = 1;
                """)
        }
        try await Migrator(database: database).migrate()
        _ = try await PostgresIssueRepository(database: database).close(
            try IssueNumber(1), reason: .completed, actor: try Login("alice"))
        let rows = try Connection(settings: settings).query(
            "SELECT kind, xact IS NOT NULL AS known FROM issue_events ORDER BY id"
        ).rows.map { (try $0.decode(0, as: String.self), try $0.decode(1, as: Bool.self)) }
        #expect(rows.map(\.0) == ["created", "closed"])
        #expect(rows.map(\.1) == [false, true])
    }

    @Test func aChangeOfSeveralStatementsNotifiesOnceWithItsTransaction() async throws {
        let settings = try await TestPostgres.shared.freshDatabase()
        let payloads = try notifications(on: settings) { writer in
            try writer.execute(
                """
                BEGIN;
                INSERT INTO users (login) VALUES ('alice');
                INSERT INTO issues (number, title, author_id) VALUES (1, 'One', 1), (2, 'Two', 1);
                INSERT INTO issue_events (issue_number, kind, actor_id) VALUES (1, 'created', 1);
                INSERT INTO issue_events (issue_number, kind, actor_id) VALUES (2, 'created', 1), (2, 'reopened', 1);
                COMMIT;
                """)
        }
        let written = try Connection(settings: settings).query("SELECT DISTINCT xact::text FROM issue_events").rows
            .map { try $0.decode(0, as: String.self) }
        #expect(payloads == written, "one notification, naming the transaction that wrote the events")
    }

    @Test func aCopyOfThousandsOfEventsSendsOneNotification() async throws {
        let settings = try await TestPostgres.shared.freshDatabase()
        let payloads = try notifications(on: settings) { writer in
            try writer.execute(
                "INSERT INTO users (login) VALUES ('alice'); INSERT INTO issues (number, title, author_id) VALUES (1, 'One', 1)"
            )
            try writer.transaction { connection in
                try connection.copyIn("COPY all_issue_events (issue_number, kind, actor_id) FROM STDIN") { write in
                    try write(Data(String(repeating: "1\tcreated\t1\n", count: 5000).utf8))
                }
            }
        }
        #expect(payloads.count == 1)
    }

    @Test func aRolledBackChangeAndAStatementWritingNoEventsNotifyNobody() async throws {
        let settings = try await TestPostgres.shared.freshDatabase()
        let payloads = try notifications(on: settings) { writer in
            try writer.execute(
                """
                INSERT INTO users (login) VALUES ('alice');
                INSERT INTO issues (number, title, author_id) VALUES (1, 'One', 1);
                BEGIN;
                INSERT INTO issue_events (issue_number, kind, actor_id) VALUES (1, 'created', 1);
                ROLLBACK;
                INSERT INTO issue_events (issue_number, kind, actor_id) SELECT 1, 'created', 1 WHERE false;
                """)
        }
        #expect(payloads.isEmpty)
    }

    @Test func everyWriteOfTheRepositoriesNotifies() async throws {
        let settings = try await TestPostgres.shared.freshDatabase()
        let database = Database(settings: settings)
        let issues = PostgresIssueRepository(database: database)
        let alice = try await PostgresUserRepository(database: database).add(try User(login: Login("alice"))).login
        let payloads = try await asyncNotifications(on: settings) {
            let issue = try await issues.create(try IssueDraft(title: "Watched"), author: alice)
            _ = try await issues.close(issue.number, reason: .completed, actor: alice)
            _ = try await issues.assign([alice], to: [issue.number], actor: alice)
            _ = try await PostgresCommentRepository(database: database).add("Seen", to: issue.number, author: alice)
        }
        #expect(payloads.count == 4, "create, close, assign and comment each notify once")
        #expect(Set(payloads).count == 4, "each from its own transaction")
    }

    /// `notifications(on:during:)` for writes made through the repositories.
    func asyncNotifications(on database: String, during body: () async throws -> Void) async throws -> [String] {
        let listener = try Connection(settings: database)
        try listener.listen(to: ["tracker_events", "test_done"])
        try await body()
        try Connection(settings: database).notify("test_done", payload: "")
        var payloads: [String] = []
        while true {
            guard case .notified(let batch) = try listener.waitForNotifications(timeout: .seconds(30)) else {
                Issue.record("the marker never came")
                return payloads
            }
            for notification in batch {
                if notification.channel == "test_done" { return payloads }
                payloads.append(notification.payload)
            }
        }
    }
}
