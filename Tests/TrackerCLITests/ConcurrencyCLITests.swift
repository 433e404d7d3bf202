import ChildProcesses
import Foundation
import Postgres
import Testing
import TrackerPostgres
import TrackerTestSupport

/// Many `tracker` processes at once against one database.
@Suite struct ConcurrencyCLITests {
    func scalar(_ tracker: TrackerProcess, _ sql: String) throws -> Int {
        try Connection(settings: tracker.environment["DATABASE_URL"]!).query(sql).rows[0].decode(0, as: Int.self)
    }

    /// Starts every run before waiting for any, so they overlap.
    func together(_ tracker: TrackerProcess, _ runs: [[String]]) throws -> [ChildProcess.Outcome] {
        let started = try runs.map { try tracker.start($0) }
        return try started.map { try $0.wait() }
    }

    @Test func twentyCreatorsGetUniqueIncreasingNumbersAndFailedCreatesSkipNone() async throws {
        let tracker = try await CLITests.tracker()
        try Connection(settings: tracker.environment["DATABASE_URL"]!).execute(
            """
            CREATE FUNCTION refuse_fail() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN IF NEW.title LIKE 'FAIL%' THEN RAISE EXCEPTION 'refused'; END IF; RETURN NEW; END $$;
            CREATE TRIGGER refuse_fail BEFORE INSERT ON all_issues FOR EACH ROW EXECUTE FUNCTION refuse_fail();
            """)
        let runs = (1...25).map { index in ["create", "--title", index % 5 == 0 ? "FAIL \(index)" : "Issue \(index)"] }
        let outcomes = try together(tracker, runs)
        #expect(outcomes.filter { $0.status == 0 }.count == 20)
        #expect(outcomes.filter { $0.status != 0 }.count == 5)
        let numbers = try Connection(settings: tracker.environment["DATABASE_URL"]!)
            .query("SELECT number FROM issues ORDER BY number").rows.map { try $0.decode(0, as: Int.self) }
        #expect(numbers == Array(1...20))
        let byCreation = try Connection(settings: tracker.environment["DATABASE_URL"]!)
            .query("SELECT number FROM issues ORDER BY created_at, number").rows.map { try $0.decode(0, as: Int.self) }
        #expect(byCreation == Array(1...20), "numbers increase with time")
    }

    @Test func twentyAssignersNeverPassTen() async throws {
        let tracker = try await CLITests.tracker()
        for index in 1...20 { try tracker.run(["users", "add", "dev\(index)"]) }
        try tracker.run(["create", "--title", "Popular"])
        let outcomes = try together(tracker, (1...20).map { ["assign", "1", "dev\($0)"] })
        #expect(outcomes.filter { $0.status == 0 }.count == 10)
        #expect(outcomes.filter { $0.status == 65 }.count == 10)
        #expect(try scalar(tracker, "SELECT count(*) FROM issue_assignees WHERE issue_number = 1") == 10)
    }

    @Test func closingAndReopeningAtOnceKeepsStateAndTimelineConsistent() async throws {
        let tracker = try await CLITests.tracker()
        try tracker.run(["create", "--title", "Contested"])
        let outcomes = try together(tracker, (1...20).map { $0 % 2 == 0 ? ["close", "1"] : ["reopen", "1"] })
        #expect(outcomes.allSatisfy { $0.status == 0 })
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(try tracker.run(["show", "1", "--json"]).stdout.utf8))
                as? [String: Any])
        ConcurrencyCLITests.expectConsistentAfterClosesAndReopens(object)
    }

    /// `show --json` of an issue closed and reopened by many at once: the timeline alternates,
    /// and the state and closedAt agree with its last entry.
    static func expectConsistentAfterClosesAndReopens(_ object: [String: Any]) {
        let kinds = (object["events"] as? [[String: Any]] ?? []).compactMap { $0["kind"] as? String }.dropFirst()
        for (earlier, later) in zip(kinds, kinds.dropFirst()) {
            #expect(earlier != later, "close and reopen alternate: \(Array(kinds))")
        }
        let closed = object["state"] as? String == "CLOSED"
        #expect(closed == (object["closedAt"] is String))
        #expect(kinds.last.map { $0 == "closed" } ?? false == closed)
    }

    @Test func twoMigratorsApplyEachFileOnce() async throws {
        let tracker = TrackerProcess(databaseSettings: try await TestPostgres.shared.emptyDatabase())
        let outcomes = try together(tracker, [["migrate"], ["migrate"]])
        #expect(outcomes.allSatisfy { $0.status == 0 })
        let printed = outcomes.map { String(decoding: $0.stdout, as: UTF8.self) }
        for migration in Migrator.bundled {
            #expect(printed.filter { $0.contains("Applied \(migration.name)") }.count == 1)
        }
        #expect(try scalar(tracker, "SELECT count(*) FROM schema_migrations") == Migrator.bundled.count)
    }
}
