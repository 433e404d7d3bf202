import Foundation
import Postgres
import Testing
import TrackerCore
import TrackerPostgres
import TrackerTestSupport

/// Migration 0008: texts written before it are found in any language through the new indexes;
/// what the functions make of a text depends on no search_path and no locale; unaccent is used
/// wherever it was installed; and a user who may not create it is told who can.
@Suite struct SearchMigrationTests {
    static let beforeSearch = Migrator.bundled.filter { $0.version < 8 }

    func strings(_ sql: String, on connection: Connection) throws -> [String] {
        try connection.query(sql).rows.map { try $0.decode(0, as: String.self) }
    }

    @Test func textsWrittenBeforeTheMigrationAreFoundThroughTheNewIndexes() async throws {
        let database = Database(settings: try await TestPostgres.shared.emptyDatabase())
        try await Migrator(database: database, migrations: Self.beforeSearch).migrate()
        try await database.withConnection { connection in
            try connection.execute(
                """
                INSERT INTO users (login) VALUES ('alice');
                INSERT INTO issues (number, title, body, author_id) VALUES (1, 'ログイン失敗', '', 1), (2, 'Café', 'CRÈME', 1);
                INSERT INTO issue_comments (issue_number, author_id, body) VALUES (1, 1, 'ПРИВЕТ');
                UPDATE issue_number_counter SET last_number = 2;
                """)
        }
        try await Migrator(database: database).migrate()
        let issues = PostgresIssueRepository(database: database)
        let searches: [(String, [Int64])] = [
            ("ログイン", [1]), ("cafe creme", [2]), ("привет", [1]), ("ロ OR café", [2, 1]),
        ]
        for (search, expected) in searches {
            #expect(try await issues.list(IssueFilter(search: search)).map(\.number.value) == expected, "\(search)")
        }
        let indexes = try await database.withConnection { connection in
            try strings(
                """
                SELECT indexname::text FROM pg_indexes
                 WHERE tablename IN ('all_issues', 'all_issue_comments') AND indexdef LIKE '%USING gin%' ORDER BY 1
                """, on: connection)
        }
        #expect(indexes == ["issue_comments_search_words", "issues_search_words"], "the English indexes are gone")
    }

    @Test func anUnaccentInAnotherSchemaServesAndNoSearchPathChangesTheWords() async throws {
        let database = Database(settings: try await TestPostgres.shared.emptyDatabase())
        try await database.withConnection { connection in
            try connection.execute("CREATE SCHEMA extensions; CREATE EXTENSION unaccent SCHEMA extensions")
        }
        try await Migrator(database: database).migrate()
        let text = "ＣＡＦÉ «Straße» ΣΟΦΟΣ ёлка ログイン"
        let expected = "'cafe':1 'strass':2 'σοφοσ':3 'елка':4 'イン':7 'グイ':6 'ログ':5 'ン':8"
        try await database.withConnection { connection in
            let usual = try connection.query("SELECT tracker_search_vector($1)::text", [text]).rows[0]
            #expect(try usual.decode(0, as: String.self) == expected)
            try connection.execute("SET search_path = pg_catalog")
            let elsewhere = try connection.query("SELECT tracker.tracker_search_vector($1)::text", [text]).rows[0]
            #expect(try elsewhere.decode(0, as: String.self) == expected)
        }
    }

    @Test func aUserWhoMayNotCreateUnaccentIsToldWhoCan() async throws {
        let settings = try await TestPostgres.shared.emptyDatabase()
        let owner = try Connection(settings: settings)
        let role = "tracker_no_extensions_\(UInt32.random(in: 0...UInt32.max))"
        // Its schema was made for it, but it may not create anything else in the database.
        try owner.execute(
            "CREATE ROLE \(role) LOGIN CREATEROLE PASSWORD 'search'; CREATE SCHEMA tracker AUTHORIZATION \(role)")
        defer { _ = try? owner.execute("DROP OWNED BY \(role); DROP ROLE \(role)") }
        let database = Database(settings: settings + " user=\(role) password=search")
        do {
            try await Migrator(database: database).migrate()
            Issue.record("migration 0008 needs unaccent, which this user may not create")
        } catch let error as TrackerError {
            #expect(
                error.description.contains("ask the database owner to run CREATE EXTENSION unaccent; in it"), "\(error)"
            )
        }
        #expect(try await Migrator(database: database).check() == .behind, "0001–0007 applied, 0008 not")
        try owner.execute("CREATE EXTENSION unaccent")
        try await Migrator(database: database).migrate()
        #expect(try await Migrator(database: database).check() == .current)
    }
}
