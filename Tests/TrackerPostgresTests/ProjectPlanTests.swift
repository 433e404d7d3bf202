import Foundation
import Postgres
import Testing
import TrackerCore
import TrackerTestSupport

@testable import TrackerPostgres

/// Issue 31's plan checks: with 5,000 issues in each of 10 projects, every list, search and status
/// statement reads only the chosen project's rows: no sequential scan of a table that grows with
/// the issues, every index it reads them through starts at the project (`project_id` in its
/// condition), and no more issue rows than the project holds. (A project's labels and milestones
/// are a few dozen rows: the planner may read them whole, as it would in a tracker of one project.)
@Suite struct ProjectPlanTests {
    /// Problems with how `plan` reads the `all_` tables: a sequential scan, or a scan whose
    /// condition does not name the project.
    func unscoped(in plan: Any) -> [String] {
        if let nodes = plan as? [Any] { return nodes.flatMap { unscoped(in: $0) } }
        guard let node = plan as? [String: Any] else { return [] }
        var found: [String] = []
        if let relation = node["Relation Name"] as? String, relation.hasPrefix("all_issue") {
            let type = node["Node Type"] as? String ?? "?"
            let condition = (node["Index Cond"] ?? node["Recheck Cond"]) as? String ?? ""
            if type == "Seq Scan" || !condition.contains("project_id") { found.append("\(type) on \(relation)") }
        }
        for key in ["Plan", "Plans"] { found += node[key].map { unscoped(in: $0) } ?? [] }
        return found
    }

    /// Whether the `all_` tables' pages are marked all-visible moves the planner between
    /// index-only and sequential scans of the small ones (all_issue_assignees: 5,000 rows), so the
    /// plan would depend on timing: autovacuum's, and a VACUUM's, which leaves unmarked a page it
    /// could not lock for cleanup at that moment (another process held a pin on it). VACUUM again
    /// until every page is marked.
    static func settleVisibility(_ connection: Connection) throws {
        for _ in 0..<20 {
            try connection.execute("VACUUM ANALYZE")
            if try visibility(connection).allSatisfy({ $0.marked == $0.pages }) { return }
            usleep(100_000)
        }
    }

    /// Each `all_issue…` table's pages, and how many of them the visibility map marks all-visible.
    static func visibility(_ connection: Connection) throws -> [(table: String, pages: Int64, marked: Int64)] {
        try connection.query(
            """
            SELECT relname::text, relpages::bigint, relallvisible::bigint FROM pg_class
             WHERE relnamespace = 'tracker'::regnamespace AND relkind = 'r' AND relname LIKE 'all_issue%'
             ORDER BY 1
            """
        ).rows.map { (try $0.decode(0), try $0.decode(1), try $0.decode(2)) }
    }

    @Test func listsSearchesAndStatusReadOneProject() async throws {
        let connection = try Connection(settings: try await TestPostgres.shared.freshDatabase())
        try connection.execute("INSERT INTO users (login) VALUES ('author'), ('busy')")
        for project in 0..<10 {
            let key = "p\(project)"
            try connection.execute("SELECT tracker_create_project('\(key)', 'Project \(project)', NULL, NULL)")
            try connection.execute("SELECT set_config('tracker.project', '\(key)', false)")
            // Every third closed; busy assigned every 10th, mentioned in every 20th; a word in
            // every 7th title.
            try connection.execute(
                """
                INSERT INTO issues (number, title, state, state_reason, author_id, closed_at)
                SELECT n, CASE WHEN n % 7 = 0 THEN 'Crash ' ELSE 'Issue ' END || n,
                       CASE WHEN n % 3 = 0 THEN 'closed' ELSE 'open' END,
                       CASE WHEN n % 3 = 0 THEN 'completed' END, (SELECT id FROM users WHERE login = 'author'),
                       CASE WHEN n % 3 = 0 THEN now() END
                FROM generate_series(1, 5000) AS n;
                INSERT INTO issue_assignees (issue_number, user_id)
                SELECT n, (SELECT id FROM users WHERE login = 'busy') FROM generate_series(10, 5000, 10) AS n;
                INSERT INTO issue_mentions (issue_number, user_id)
                SELECT n, (SELECT id FROM users WHERE login = 'busy') FROM generate_series(20, 5000, 20) AS n;
                UPDATE issue_number_counter SET last_number = 5000;
                SELECT tracker_create_label('bug', 'd73a4a', ''), tracker_create_label('ui', '0075ca', '');
                INSERT INTO issue_labels (label_id, issue_number)
                SELECT (SELECT id FROM labels WHERE name = 'bug'), n FROM generate_series(4, 5000, 4) AS n;
                INSERT INTO issue_comments (id, issue_number, author_id, body)
                SELECT \(project) * 5000 + n, n, (SELECT id FROM users WHERE login = 'author'), 'Seen ' || n
                  FROM generate_series(5, 5000, 5) AS n
                """)
        }
        try Self.settleVisibility(connection)
        try connection.execute("SELECT set_config('tracker.project', 'p5', false)")
        let busy = try Login("busy")
        var statements: [(String, String, [any PostgresEncodable])] = [("status", IssueStatusQuery.sql, ["busy", 5])]
        for (name, filter) in [
            ("list", IssueFilter()), ("list --state closed", IssueFilter(state: .closed)),
            ("list --assignee busy", IssueFilter(assignee: .user(busy))),
            ("list --mention busy", IssueFilter(mention: busy)), ("list --search crash", IssueFilter(search: "crash")),
            ("list --sort updated", IssueFilter(sort: .updated)),
            ("list --label bug", IssueFilter(labels: [try LabelName("bug")])),
        ] {
            let query = IssueListQuery(filter)
            statements.append((name, query.sql, query.parameters))
        }
        for (name, sql, parameters) in statements {
            let explained: String = try connection.query("EXPLAIN (ANALYZE, FORMAT JSON) " + sql, parameters).rows[0]
                .decode(0)
            let plan = try JSONSerialization.jsonObject(with: Data(explained.utf8))
            let visible = try Self.visibility(connection)
            #expect(
                unscoped(in: plan) == [],
                "\(name) reads beyond its project (pages all-visible: \(visible)):\n\(explained)")
            let read = rowsRead(from: "issues", in: plan)
            #expect(read <= 5_000, "\(name) read \(read) issue rows, more than p5 holds")
            #expect(try connection.query(sql, parameters).rows.count > 0, "\(name) found p5's issues")
        }
    }
}
