import Foundation
import Postgres
import Testing
import TrackerTestSupport

/// An import into an empty tracker checks its copied assignee counts against the assignees before
/// anything has analyzed the tables (migration 0025). Through 0022's views the planner took the
/// project filter to keep 0.5% of such rows and joined every issue to every issue's grouped
/// assignees (47 million rows at 10,000 issues; 230 s of an import of 100,000). The check now reads
/// each issue's assignees once, whatever the planner believes: counted in rows, never in time.
@Suite struct ImportPlanTests {
    @Test func theAssigneeCountCheckReadsEachIssuesAssigneesOnceOnTablesNeverAnalyzed() async throws {
        let connection = try Connection(settings: try await TestPostgres.shared.freshDatabase())
        try connection.execute(
            """
            ALTER TABLE all_issues SET (autovacuum_enabled = false);
            ALTER TABLE all_issue_assignees SET (autovacuum_enabled = false);
            INSERT INTO users (login) SELECT 'user' || n FROM generate_series(1, 20) AS n;
            INSERT INTO issues (number, title, state, author_id)
            SELECT n, 'Issue ' || n, 'open', (SELECT min(id) FROM users) FROM generate_series(1, 4000) AS n;
            INSERT INTO issue_assignees (issue_number, user_id)
            SELECT n, (SELECT min(id) FROM users) + k FROM generate_series(1, 4000) AS n, generate_series(0, 2) AS k
             WHERE n % 3 <> 0 OR k = 0
            """)
        let analyzed: Int64 = try connection.query(
            "SELECT count(*) FROM pg_stat_user_tables WHERE relname IN ('all_issues', 'all_issue_assignees') "
                + "AND (last_analyze IS NOT NULL OR last_autoanalyze IS NOT NULL)"
        ).rows[0].decode(0)
        #expect(analyzed == 0, "the tables are as an import leaves them: never analyzed (autovacuum kept off)")
        // As tracker_import_finish asks it: EXISTS plans for the first row, which chose the nested loop.
        let explained: String = try connection.query(
            "EXPLAIN (ANALYZE, FORMAT JSON) SELECT EXISTS (SELECT 1 FROM import_assignee_count_mismatches)"
        ).rows[0].decode(0)
        let plan = try JSONSerialization.jsonObject(with: Data(explained.utf8))
        let produced = rowsProduced(in: plan)
        #expect(produced <= 10 * (4000 + 9334), "the check handled \(produced) rows:\n\(explained)")
        // EXPLAIN gives each loop's rows as a rounded mean: 2 a loop here for 2.33.
        let read = rowsRead(from: "issue_assignees", in: plan)
        #expect(read <= 9334, "each issue's assignees read once, \(read) rows:\n\(explained)")
        #expect(try connection.query("SELECT number FROM import_assignee_count_mismatches").rows.isEmpty)
        try connection.execute("ALTER TABLE all_issue_assignees DISABLE TRIGGER issue_assignees_added")
        try connection.execute("INSERT INTO issue_assignees (issue_number, user_id) SELECT 7, max(id) FROM users")
        let mismatched: Int64 = try connection.query("SELECT number FROM import_assignee_count_mismatches").rows[0]
            .decode(0)
        #expect(mismatched == 7, "an assignee the count missed is found")
    }
}
