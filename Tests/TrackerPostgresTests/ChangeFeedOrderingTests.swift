import Dispatch
import Foundation
import Postgres
import Synchronization
import Testing
import TrackerCore
import TrackerPostgres
import TrackerTestSupport

/// The feed's cursor under concurrent writers whose commits interleave out of id order: every
/// committed event is handed out once, none rolled back ever is, and nothing waits for a
/// transaction in another database.
@Suite struct ChangeFeedOrderingTests {
    /// A fresh database with alice and issue 1, and a subscription to all its changes.
    func setUp() async throws -> (settings: String, subscription: any ChangeSubscription, start: ChangePosition) {
        let settings = try await TestPostgres.shared.freshDatabase()
        try Connection(settings: settings).execute(
            """
            INSERT INTO users (login) VALUES ('alice');
            INSERT INTO issues (number, title, author_id) VALUES (1, 'One', 1);
            UPDATE issue_number_counter SET last_number = 1;
            """)
        let subscription = try await PostgresChangeFeed(database: Database(settings: settings)).subscribe(
            ChangeFilter())
        return (settings, subscription, try await subscription.position(of: .now))
    }

    /// Inserts one event in the connection's open transaction; its id.
    func writeEvent(_ connection: Connection) throws -> Int64 {
        try connection.query(
            "INSERT INTO issue_events (issue_number, kind, actor_id) VALUES (1, 'reopened', 1) RETURNING id"
        ).rows[0].decode(0)
    }

    @Test func anEventIsHeldBackUntilEveryOlderTransactionEndsThenComesOnce() async throws {
        let (settings, subscription, start) = try await setUp()
        defer { Task { await subscription.close() } }
        let first = try Connection(settings: settings)
        let second = try Connection(settings: settings)
        // `first` takes its transaction id before `second` does, but writes its event after.
        try first.execute("BEGIN; SELECT pg_current_xact_id()")
        try second.execute("BEGIN")
        let secondEvent = try writeEvent(second)
        let firstEvent = try writeEvent(first)
        #expect(firstEvent > secondEvent, "ids are out of transaction order")
        try second.execute("COMMIT")

        let early = try await subscription.changes(after: start, limit: 100)
        #expect(early.changes.isEmpty, "second's event waits behind first, still running")
        #expect(early.heldBack)
        try first.execute("COMMIT")

        let rolledBack = try Connection(settings: settings)
        try rolledBack.execute("BEGIN")
        _ = try writeEvent(rolledBack)
        try rolledBack.execute("ROLLBACK")
        let all = try await ChangeFeedOrderingTests.readAll(subscription, after: early.next)
        #expect(all.map(\.id) == [firstEvent, secondEvent], "in transaction order, each once")
        #expect(try await subscription.changes(after: try #require(all.last).position, limit: 100).changes.isEmpty)
    }

    @Test func aTransactionRunningInAnotherDatabaseHoldsNothingBack() async throws {
        let (settings, subscription, start) = try await setUp()
        defer { Task { await subscription.close() } }
        let elsewhere = try Connection(settings: try await TestPostgres.shared.emptyDatabase())
        try elsewhere.execute("BEGIN; SELECT pg_current_xact_id()")
        defer { _ = try? elsewhere.execute("ROLLBACK") }
        let writer = try Connection(settings: settings)
        let event = try writeEvent(writer)
        let batch = try await subscription.changes(after: start, limit: 100)
        #expect(batch.changes.map(\.id) == [event])
        #expect(!batch.heldBack)
    }

    @Test func concurrentWritersEventsAreEachHandedOutOnceInOrder() async throws {
        let (settings, subscription, start) = try await setUp()
        defer { Task { await subscription.close() } }
        let writers = 8
        let transactions = 25
        let failures = Mutex<[String]>([])
        let finished = Mutex(false)
        let group = DispatchGroup()
        for writer in 0..<writers {
            group.enter()
            DispatchQueue.global().async {
                defer { group.leave() }
                do {
                    let connection = try Connection(settings: settings)
                    for index in 0..<transactions {
                        // A pause inside the transaction lets the others commit past it.
                        let pause = Double((writer * 7 + index * 3) % 5) / 1000
                        try connection.execute("BEGIN")
                        _ = try writeEvent(connection)
                        try connection.query("SELECT pg_sleep($1::float8)", [String(pause)])
                        _ = try writeEvent(connection)
                        try connection.execute(index % 5 == 4 ? "ROLLBACK" : "COMMIT")
                    }
                } catch {
                    failures.withLock { $0.append("\(error)") }
                }
            }
        }
        group.notify(queue: .global()) { finished.withLock { $0 = true } }

        var seen: [IssueChange] = []
        var position = start
        while true {
            let done = finished.withLock { $0 }
            let batch = try await subscription.changes(after: position, limit: 7)
            seen += batch.changes
            position = batch.next
            if done && batch.changes.isEmpty && !batch.heldBack { break }
            if batch.changes.isEmpty { try await Task.sleep(for: .milliseconds(2)) }
        }
        #expect(failures.withLock { $0 }.isEmpty)
        let committed = try Connection(settings: settings).query(
            "SELECT id FROM issue_events WHERE xact IS NOT NULL ORDER BY id"
        ).rows.map { try $0.decode(0, as: Int64.self) }
        #expect(committed.count == writers * transactions * 2 * 4 / 5)
        #expect(seen.map(\.id).sorted() == committed, "every committed event, none rolled back, none twice")
        #expect(zip(seen, seen.dropFirst()).allSatisfy { $0.position < $1.position }, "strictly in order")
    }

    @Test func aLostSessionIsReportedAsUnavailable() async throws {
        let (settings, subscription, start) = try await setUp()
        defer { Task { await subscription.close() } }
        try Connection(settings: settings).query(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1",
            [PostgresChangeFeed.applicationName])
        var lost: (any Error)?
        do {
            for _ in 0..<50 {
                _ = try await subscription.changes(after: start, limit: 10)
                try await Task.sleep(for: .milliseconds(20))
            }
        } catch {
            lost = error
        }
        guard case .databaseUnavailable(let message)? = lost as? TrackerError else {
            Issue.record("expected the lost session to be reported, got \(String(describing: lost))")
            return
        }
        #expect(message.hasPrefix("lost the connection to the database"))
    }

    static func readAll(
        _ subscription: any ChangeSubscription, after position: ChangePosition
    ) async throws
        -> [IssueChange]
    {
        var position = position
        var all: [IssueChange] = []
        while true {
            let batch = try await subscription.changes(after: position, limit: 100)
            all += batch.changes
            position = batch.next
            if batch.changes.isEmpty && !batch.heldBack { return all }
            if batch.heldBack { try await Task.sleep(for: .milliseconds(10)) }
        }
    }
}
