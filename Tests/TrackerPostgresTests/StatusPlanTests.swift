import Foundation
import Postgres
import Testing
import TrackerCore
import TrackerTestSupport

@testable import TrackerPostgres

/// `tracker status` reads about as many issues as the person has assignments and mentions, not
/// every open issue: its totals keep the LIMIT from stopping a scan, and at a million issues the
/// planner's walk over all open issues took 0.7 s (issue 13's bench, 1,000,000 issues).
@Suite struct StatusPlanTests {
    @Test func statusReadsThePersonsIssuesNotEveryOpenOne() async throws {
        let connection = try Connection(settings: try await TestPostgres.shared.freshDatabase())
        // 40,000 issues, the even ones open (20,000); busy is assigned every 15th (2,666, of which
        // the 1,333 multiples of 30 are open), mentioned in the body of every 40th (1,000, all
        // open), and opened none.
        try connection.execute(
            """
            INSERT INTO users (login) VALUES ('author'), ('busy');
            INSERT INTO issues (number, title, state, state_reason, author_id, closed_at)
            SELECT n, 'Issue ' || n, CASE WHEN n % 2 = 0 THEN 'open' ELSE 'closed' END,
                   CASE WHEN n % 2 = 0 THEN NULL ELSE 'completed' END, (SELECT id FROM users WHERE login = 'author'),
                   CASE WHEN n % 2 = 0 THEN NULL ELSE now() END
            FROM generate_series(1, 40000) AS n;
            INSERT INTO issue_assignees (issue_number, user_id)
            SELECT n, (SELECT id FROM users WHERE login = 'busy') FROM generate_series(15, 40000, 15) AS n;
            INSERT INTO issue_mentions (issue_number, user_id)
            SELECT n, (SELECT id FROM users WHERE login = 'busy') FROM generate_series(40, 40000, 40) AS n;
            ANALYZE
            """)
        let explained: String = try connection.query(
            "EXPLAIN (ANALYZE, FORMAT JSON) " + IssueStatusQuery.sql, ["busy", 5]
        ).rows[0].decode(0)
        let read = rowsRead(from: "issues", in: try JSONSerialization.jsonObject(with: Data(explained.utf8)))
        #expect(read > 0 && read <= 3_000, "read \(read) issues for busy's 3,666 rows:\n\(explained)")
        let rows = try connection.query(IssueStatusQuery.sql, ["busy", 5]).rows
        let sections = try rows.map {
            "\(try $0.decode("section", as: String.self)) \(try $0.decode("total", as: Int64.self))"
        }
        #expect(sections == Array(repeating: "assigned 1333", count: 5) + Array(repeating: "mentioned 1000", count: 5))
        let numbers = try rows.map { try $0.decode("number", as: Int64.self) }
        #expect(numbers == [39990, 39960, 39930, 39900, 39870, 40000, 39960, 39920, 39880, 39840])
    }
}
