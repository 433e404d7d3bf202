import Foundation
import Postgres
import Testing
import TrackerCore
import TrackerTestSupport

@testable import TrackerPostgres

/// The list's priority and due orders, `priority:` and `--overdue` walk migration 0018's indexes
/// at 6,000 issues: no sequential scan of issues, and a page of 30 reads about a page.
@Suite struct PlanningPlanTests {
    /// The node types that read `relation` in an EXPLAIN (FORMAT JSON) plan.
    func scans(of relation: String, in plan: Any) -> [String] {
        if let nodes = plan as? [Any] { return nodes.flatMap { scans(of: relation, in: $0) } }
        guard let node = plan as? [String: Any] else { return [] }
        var found: [String] = []
        if let name = node["Relation Name"] as? String, name == relation || name == "all_" + relation,
            let type = node["Node Type"] as? String
        {
            found.append(type)
        }
        for key in ["Plan", "Plans"] { found += node[key].map { scans(of: relation, in: $0) } ?? [] }
        return found
    }

    @Test func priorityAndDueListsAreIndexBacked() async throws {
        let connection = try Connection(settings: try await TestPostgres.shared.freshDatabase())
        // 6,000 issues, every third closed; a priority on every fourth (P0-P3 in turn), a due day on
        // every fifth (spread over 2025-2026).
        try connection.execute(
            """
            INSERT INTO users (login) VALUES ('author');
            INSERT INTO issues (number, title, state, state_reason, author_id, closed_at, priority, due_on)
            SELECT n, 'Issue ' || n, CASE WHEN n % 3 = 0 THEN 'closed' ELSE 'open' END,
                   CASE WHEN n % 3 = 0 THEN 'completed' END, (SELECT id FROM users WHERE login = 'author'),
                   CASE WHEN n % 3 = 0 THEN now() END,
                   CASE WHEN n % 4 = 0 THEN (n / 4 % 4)::smallint END,
                   CASE WHEN n % 5 = 0 THEN date '2025-01-01' + (n % 700) END
            FROM generate_series(1, 6000) AS n;
            ANALYZE
            """)
        let byPriority = IssueFilter(sort: .priority)
        let everyByPriority = IssueFilter(state: .all, sort: .priority)
        let byDue = IssueFilter(sort: .due)
        var p1 = IssueFilter()
        p1.priority = .p1
        var overdue = IssueFilter(sort: .due)
        overdue.overdueOn = try DueDate.parse("2025-02-01")
        for (name, filter) in [
            ("sort priority", byPriority), ("sort priority, every state", everyByPriority), ("sort due", byDue),
            ("priority:P1", p1), ("overdue", overdue),
        ] {
            let query = IssueListQuery(filter)
            let explained: String = try connection.query(
                "EXPLAIN (ANALYZE, FORMAT JSON) " + query.sql, query.parameters
            ).rows[0].decode(0)
            let plan = try JSONSerialization.jsonObject(with: Data(explained.utf8))
            let types = scans(of: "issues", in: plan)
            #expect(!types.isEmpty && !types.contains("Seq Scan"), "\(name) scans issues by \(types):\n\(explained)")
            let read = rowsRead(from: "issues", in: plan)
            #expect(read <= 400, "\(name) read \(read) issues for a page of 30:\n\(explained)")
            let listed = try connection.query(query.sql, query.parameters).rows.count
            #expect(listed == 30, "\(name) listed \(listed)")
        }
    }
}
