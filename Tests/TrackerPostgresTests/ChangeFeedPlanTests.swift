import Postgres
import Testing
import TrackerTestSupport

@testable import TrackerPostgres

/// The feed's reads stay index-backed on a seeded tracker: a catch-up walks `issue_events_feed`
/// from the cursor, and whether anything is held back is read from the end of that index.
@Suite struct ChangeFeedPlanTests {
    @Test func catchingUpIsIndexBackedWithEveryFilter() async throws {
        let settings = try await ScaleTests.seeded.get()
        let connection = try Connection(settings: settings)
        let filters: [(String, Int64?, String?)] = [
            ("all", nil, nil), ("one issue", 4321, nil), ("assignee", nil, "user7"),
        ]
        for (name, issue, login) in filters {
            let plan = try connection.query(
                "EXPLAIN " + ChangeFeedQueries.changes, ["1", 0 as Int64, issue, login, 500]
            ).rows.map { try $0.decode(0, as: String.self) }.joined(separator: "\n")
            #expect(!plan.contains("Seq Scan on issue"), "\(name):\n\(plan)")
            #expect(plan.contains("Index Scan Backward using issue_events_feed"), "\(name):\n\(plan)")
        }
    }
}
