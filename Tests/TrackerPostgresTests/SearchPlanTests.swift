import Postgres
import Testing
import TrackerCore
import TrackerTestSupport

@testable import TrackerPostgres

/// The SQL `tracker list --search` sends (built by `IssueListQuery`, as the binary builds it)
/// reads migration 0008's GIN indexes, in any language and with every part of the syntax.
@Suite struct SearchPlanTests {
    /// 20,000 issues and 10,000 comments in one statement each; one issue in 500 holds words of
    /// other languages, one comment in 500 a phrase.
    static let seeded = SeededSearch()

    actor SeededSearch {
        private var settings: String?
        func get() async throws -> String {
            if let settings { return settings }
            let fresh = try await TestPostgres.shared.freshDatabase()
            try Connection(settings: fresh).execute(
                """
                INSERT INTO users (login) VALUES ('alice');
                INSERT INTO issues (number, title, body, author_id, state, state_reason, closed_at)
                SELECT g, 'Issue ' || g,
                       md5(g::text) || ' ' || md5((-g)::text)
                       || CASE WHEN g % 500 = 0 THEN ' ログイン失敗 Café Ошибка' ELSE '' END,
                       1, CASE WHEN g % 3 = 0 THEN 'closed' ELSE 'open' END,
                       CASE WHEN g % 3 = 0 THEN 'completed' END, CASE WHEN g % 3 = 0 THEN now() END
                  FROM generate_series(1, 20000) g;
                UPDATE issue_number_counter SET last_number = 20000;
                INSERT INTO issue_comments (id, issue_number, author_id, body)
                SELECT g, g, 1, md5(g::text) || CASE WHEN g % 1000 = 1 THEN ' the login button is grey' ELSE '' END
                  FROM generate_series(1, 20000, 2) g;
                UPDATE id_counters SET last_value = 20000 WHERE name = 'comment';
                """)
            // As autovacuum would: the GIN indexes' pending entries into the index proper.
            try Connection(settings: fresh).execute("VACUUM ANALYZE")
            settings = fresh
            return fresh
        }
    }

    func plan(_ search: String) async throws -> String {
        let query = IssueListQuery(IssueFilter(search: search))
        return try Connection(settings: try await Self.seeded.get()).query("EXPLAIN " + query.sql, query.parameters)
            .rows.map { try $0.decode(0, as: String.self) }.joined(separator: "\n")
    }

    @Test(arguments: [
        "ログイン", "失", "cafe", "CAFÉ", "ошибка", "\"login button\"", "grey OR ログイン", "ログイン -crash", "café ログイン",
    ])
    func aSearchReadsBothIndexes(_ search: String) async throws {
        let text = try await plan(search)
        #expect(text.contains("Bitmap Index Scan on issues_search_words"), "\(search):\n\(text)")
        #expect(text.contains("Bitmap Index Scan on issue_comments_search_words"), "\(search):\n\(text)")
        #expect(
            !text.contains("Seq Scan on issues ") && !text.contains("Seq Scan on issue_comments"), "\(search):\n\(text)"
        )
    }

    @Test func anExclusionAloneReadsNoTableWhole() async throws {
        let text = try await plan("-ログイン")
        #expect(!text.contains("Seq Scan on issues ") && !text.contains("Seq Scan on issue_comments"), "\(text)")
    }

    /// The search finds what the plan promises (the seed is what the plans were read over).
    @Test func theSeededWordsAreFound() async throws {
        let issues = PostgresIssueRepository(database: Database(settings: try await Self.seeded.get()))
        let japanese = try await issues.list(IssueFilter(state: .all, search: "ログイン", limit: nil))
        #expect(japanese.count == 40)
        #expect(try await issues.list(IssueFilter(state: .all, search: "\"login button\"", limit: nil)).count == 20)
    }
}
