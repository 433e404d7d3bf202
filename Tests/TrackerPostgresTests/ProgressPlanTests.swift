import Foundation
import Postgres
import Testing
import TrackerCore
import TrackerTestSupport

@testable import TrackerPostgres

/// `milestone show` and `report` read the timeline through migration 0021's indexes at 6,000
/// issues: no sequential scan of `issue_events`, and about the milestone's or the weeks' events read.
@Suite struct ProgressPlanTests {
    /// 6,000 issues created over 700 days, every third closed two days later, in 100 milestones by
    /// turn (M1…M100, 60 issues each), each with its `created`, `milestoned` and `closed` events and
    /// five `labeled` ones (as a timeline has more than the burndown reads).
    static func seeded() async throws -> Connection {
        let connection = try Connection(settings: try await TestPostgres.shared.freshDatabase())
        try connection.execute(
            """
            INSERT INTO users (login) VALUES ('author');
            INSERT INTO milestones (number, title) SELECT m, 'M' || m FROM generate_series(1, 100) AS m;
            INSERT INTO issues (number, title, state, state_reason, author_id, created_at, updated_at, closed_at,
                                milestone_number)
            SELECT n, 'Issue ' || n, CASE WHEN n % 3 = 0 THEN 'closed' ELSE 'open' END,
                   CASE WHEN n % 3 = 0 THEN 'completed' END, (SELECT id FROM users WHERE login = 'author'),
                   now() - (n % 700 + 3) * interval '1 day', now() - (n % 700 + 3) * interval '1 day',
                   CASE WHEN n % 3 = 0 THEN now() - (n % 700 + 1) * interval '1 day' END, n % 100 + 1
              FROM generate_series(1, 6000) AS n;
            INSERT INTO issue_events (issue_number, kind, actor_id, created_at)
            SELECT number, 'created', author_id, created_at FROM issues;
            INSERT INTO issue_events (issue_number, kind, actor_id, milestone_title, created_at)
            SELECT number, 'milestoned', author_id, 'M' || milestone_number, created_at FROM issues;
            INSERT INTO issue_events (issue_number, kind, actor_id, state_reason, created_at)
            SELECT number, 'closed', author_id, 'completed', closed_at FROM issues WHERE state = 'closed';
            INSERT INTO issue_events (issue_number, kind, actor_id, label_name, created_at)
            SELECT number, 'labeled', author_id, 'label ' || l, created_at FROM issues, generate_series(1, 5) AS l;
            ANALYZE
            """)
        return connection
    }

    func explained(_ sql: String, _ parameters: [any PostgresEncodable], on connection: Connection) throws -> Any {
        let text: String = try connection.query("EXPLAIN (ANALYZE, FORMAT JSON) " + sql, parameters).rows[0].decode(0)
        return try JSONSerialization.jsonObject(with: Data(text.utf8))
    }

    @Test func theBurndownReadsOneMilestonesEvents() async throws {
        let connection = try await Self.seeded()
        let today = Day(containing: .now())
        let parameters: [any PostgresEncodable] = ["m7", today.description, Burndown.maximumDays]
        let plan = try explained(ProgressQueries.burndown, parameters, on: connection)
        let types = PlanningPlanTests().scans(of: "issue_events", in: plan)
        #expect(!types.isEmpty && !types.contains("Seq Scan"), "issue_events by \(types):\n\(plan)")
        let read = rowsRead(from: "issue_events", in: plan)
        #expect(read <= 300, "read \(read) events for a milestone of 60 issues (140 events):\n\(plan)")
        let rows = try connection.query(ProgressQueries.burndown, parameters).rows
        let open: [Int64] = try rows.map { try $0.decode("open") }
        #expect(open.last == 40, "M7's 60 issues, a third closed: \(open.suffix(3))")
    }

    @Test func theReportReadsTwelveWeeksOfEvents() async throws {
        let connection = try await Self.seeded()
        let first = Day(containing: .now()).monday.adding(-77)
        let plan = try explained(ProgressQueries.activity, [first.description, 12], on: connection)
        let types = PlanningPlanTests().scans(of: "issue_events", in: plan)
        #expect(!types.isEmpty && !types.contains("Seq Scan"), "issue_events by \(types):\n\(plan)")
        let read = rowsRead(from: "issue_events", in: plan)
        #expect(read <= 1_000, "read \(read) events for twelve weeks (about 800):\n\(plan)")
    }
}
