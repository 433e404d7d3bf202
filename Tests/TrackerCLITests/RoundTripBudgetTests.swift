import Foundation
import Postgres
import Testing
import TrackerTestSupport

/// Each command's round trips once connected, counted by a proxy between the real binary and a
/// real PostgreSQL: startup and terminate are 2 turns (4 with a SCRAM password), so a command
/// within a budget of B round trips takes 2 + B (psql -c 'select 1' takes 3).
@Suite struct RoundTripBudgetTests {
    static let budgets: [(arguments: [String], roundTrips: Int)] = [
        (["list"], 1),
        (["list", "--assignee", "@me", "--label", "bug"], 1),
        (["list", "--json", "number,title,labels", "--limit", "0"], 1),
        (["list", "--limit", "0", "--assignee", "bob"], 1),
        (["export"], 1),
        (["edit", "2", "--title", "Second, renamed"], 1),
        (
            [
                "edit", "1", "--body", "cc @bob", "--add-assignee", "bob", "--add-label", "bug", "--milestone", "v1",
            ], 1
        ),
        (["edit", "1", "2", "--remove-assignee", "bob", "--remove-label", "bug", "--remove-milestone"], 1),
        (["show", "1"], 1),
        (["status"], 1),
        (["users", "list"], 1),
        (["label", "list"], 1),
        (["milestone", "list"], 1),
        (["milestone", "show", "v1"], 1),
        (["report"], 1),
        (["create", "--title", "Plain"], 1),
        (
            [
                "create", "--title", "Everything", "--body", "cc @bob", "--assignee", "bob", "--label", "bug",
                "--milestone", "v1",
            ], 1
        ),
        (["close", "1"], 1),
        (["close", "1"], 1),
        (["reopen", "1"], 1),
        (["assign", "1", "2", "bob"], 1),
        (["unassign", "1", "bob"], 1),
        (["comment", "1", "--body", "Seen it, @bob"], 1),
    ]

    @Test func everyCommandStaysWithinItsRoundTripBudget() async throws {
        let direct = try await CLITests.tracker()
        for setup in [
            ["users", "add", "bob"], ["label", "create", "bug"], ["milestone", "create", "v1"],
            ["create", "--title", "First"], ["create", "--title", "Second"],
        ] {
            let outcome = try direct.run(setup)
            #expect(outcome.status == 0, "\(setup): \(outcome.stderr)")
        }
        let proxy = try RoundTripProxy.start(before: try #require(direct.environment["DATABASE_URL"]))
        defer { proxy.stop() }
        var tracker = direct
        tracker.environment["DATABASE_URL"] = proxy.url
        let handshake = try proxy.handshakeTurns()
        for (arguments, budget) in RoundTripBudgetTests.budgets {
            let outcome = try tracker.run(arguments)
            #expect(outcome.status == 0, "\(arguments): \(outcome.stderr)")
            #expect(proxy.takeTurns() == [handshake + budget], "\(arguments) should take \(budget) round trip(s)")
        }
    }

    /// The measure itself: startup, one query (the session settings ride with it), terminate.
    @Test func oneQueryOnAFreshConnectionIsOneTurnBeyondTheHandshake() async throws {
        let settings = try await TestPostgres.shared.freshDatabase()
        let proxy = try RoundTripProxy.start(before: settings)
        defer { proxy.stop() }
        let handshake = try proxy.handshakeTurns()
        #expect(handshake == 2 || handshake == 4, "startup (with or without SCRAM) and terminate")
        do {
            let connection = try Connection(settings: proxy.url)
            let answer = try connection.query("SELECT current_setting('TimeZone')")
            #expect(try answer.rows[0].decode(0) as String == "UTC")
        }
        #expect(proxy.takeTurns() == [handshake + 1])
    }
}
