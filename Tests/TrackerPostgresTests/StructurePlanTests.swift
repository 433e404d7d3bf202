import Foundation
import Postgres
import Testing
import TrackerCore
import TrackerTestSupport

@testable import TrackerPostgres

/// `--ready`, `--blocked`, `parent:` and `show`'s structure walk migration 0019's indexes at 6,000
/// issues: no sequential scan of issues or dependencies, and a page of 30 reads about a page.
@Suite struct StructurePlanTests {
    let plans = PlanningPlanTests()

    @Test func readyBlockedAndChildrenListsAreIndexBacked() async throws {
        let connection = try Connection(settings: try await TestPostgres.shared.freshDatabase())
        // 6,000 issues, every third closed; each of 1-59 has 100 sub-issues; every seventh is
        // blocked by the issue before it (so about half of those blockers are open).
        try connection.execute(
            """
            INSERT INTO users (login) VALUES ('author');
            INSERT INTO issues (number, title, state, state_reason, author_id, closed_at)
            SELECT n, 'Issue ' || n, CASE WHEN n % 3 = 0 THEN 'closed' ELSE 'open' END,
                   CASE WHEN n % 3 = 0 THEN 'completed' END, (SELECT id FROM users WHERE login = 'author'),
                   CASE WHEN n % 3 = 0 THEN now() END
            FROM generate_series(1, 6000) AS n;
            UPDATE issues SET parent_number = (number - 1) / 100 WHERE number > 100;
            INSERT INTO issue_dependencies (blocked_number, blocking_number)
            SELECT n, n - 1 FROM generate_series(7, 6000, 7) AS n;
            ANALYZE
            """)
        let counts = try connection.query(
            "SELECT count(*) FILTER (WHERE open_blockers > 0), max(subtree_total) FROM issues"
        ).rows[0]
        #expect(try counts.decode(0) as Int64 > 300, "the triggers counted the blockers")
        #expect(try counts.decode(1) as Int64 == 100, "each parent counts its 100 sub-issues")
        var ready = IssueFilter()
        ready.blocked = .ready
        var blocked = IssueFilter()
        blocked.blocked = .blocked
        var children = IssueFilter(state: .all)
        children.parent = try IssueNumber(42)
        for (name, filter, relation) in [
            ("ready", ready, "issues"), ("blocked", blocked, "issues"), ("parent:42", children, "issues"),
        ] {
            let query = IssueListQuery(filter)
            let explained: String = try connection.query(
                "EXPLAIN (ANALYZE, FORMAT JSON) " + query.sql, query.parameters
            ).rows[0].decode(0)
            let plan = try JSONSerialization.jsonObject(with: Data(explained.utf8))
            let types = plans.scans(of: relation, in: plan)
            #expect(!types.isEmpty && !types.contains("Seq Scan"), "\(name) scans issues by \(types):\n\(explained)")
            let read = rowsRead(from: "issues", in: plan)
            #expect(read <= 400, "\(name) read \(read) issues for a page of 30:\n\(explained)")
            #expect(try connection.query(query.sql, query.parameters).rows.count == 30, "\(name)")
        }
        // Every change locks through tracker_lock_any_issues: by index, never a scan of all issues.
        let seqScans = "SELECT seq_scan FROM pg_stat_xact_user_tables WHERE relname = 'all_issues'"
        try connection.execute("BEGIN")
        let before: Int64 = try connection.query(seqScans).rows[0].decode(0)
        _ = try connection.query("SELECT tracker_lock_any_issues('{42, 4150, 700}')")
        let after: Int64 = try connection.query(seqScans).rows[0].decode(0)
        #expect(after == before, "locking issues scanned the whole table")
        try connection.execute("ROLLBACK")
        let structure = IssueStructureQueries.structure(of: 42)
        let explained: String = try connection.query(
            "EXPLAIN (ANALYZE, FORMAT JSON) " + structure.sql, structure.parameters
        ).rows[0].decode(0)
        let plan = try JSONSerialization.jsonObject(with: Data(explained.utf8))
        for relation in ["issues", "issue_dependencies"] {
            #expect(!plans.scans(of: relation, in: plan).contains("Seq Scan"), "show's structure:\n\(explained)")
        }
    }
}
