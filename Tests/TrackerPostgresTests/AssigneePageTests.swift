import Foundation
import Postgres
import Testing
import TrackerCore
import TrackerTestSupport

@testable import TrackerPostgres

/// `list --assignee` walks the person's assignments newest first and stops once its page is
/// full, however many assignments they have (issue 13: it used to read all of them, so it grew
/// with the tracker's age).
@Suite struct AssigneePageTests {
    @Test func aBusyPersonsOpenPageReadsAboutAPageOfAssignments() async throws {
        let connection = try Connection(settings: try await TestPostgres.shared.freshDatabase())
        // 30,000 issues, each assigned to one of 10 people; busy has every 10th (3,000), and
        // every 4th of those is open: a page of 31 open ones is within busy's newest ~130.
        try connection.execute(
            """
            INSERT INTO users (login) VALUES ('author'), ('busy');
            INSERT INTO users (login) SELECT 'user' || n FROM generate_series(1, 9) AS n;
            INSERT INTO issues (number, title, state, state_reason, author_id, closed_at)
            SELECT n, 'Issue ' || n, CASE WHEN n % 40 = 0 THEN 'open' ELSE 'closed' END,
                   CASE WHEN n % 40 = 0 THEN NULL ELSE 'completed' END, (SELECT id FROM users WHERE login = 'author'),
                   CASE WHEN n % 40 = 0 THEN NULL ELSE now() END
            FROM generate_series(1, 30000) AS n;
            INSERT INTO issue_assignees (issue_number, user_id)
            SELECT n, (SELECT id FROM users WHERE login = CASE WHEN n % 10 = 0 THEN 'busy' ELSE 'user' || n % 10 END)
            FROM generate_series(1, 30000) AS n;
            ANALYZE
            """)
        let query = IssueListQuery(IssueFilter(assignee: .user(try Login("busy")), limit: 31))
        let explained: String = try connection.query(
            "EXPLAIN (ANALYZE, FORMAT JSON) " + query.sql, query.parameters
        ).rows[0].decode(0)
        let plan = try JSONSerialization.jsonObject(with: Data(explained.utf8))
        let read = rowsRead(from: "issue_assignees", in: plan)
        #expect(read > 0 && read <= 200, "read \(read) of busy's 3,000 assignments for one page:\n\(explained)")
        let listed = try connection.query(query.sql, query.parameters).rows.map { try $0.decode(0, as: Int64.self) }
        #expect(listed == Array(stride(from: 30000, through: 28800, by: -40)), "the newest open ones, in order")
    }
}
