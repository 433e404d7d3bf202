import Postgres
import Testing
import TrackerTestSupport

/// Migration 0026: the functions every statement calls for the session's project and acting role
/// keep their plans for the session (PL/pgSQL); as SQL functions with a pinned search path they
/// were planned again at each of the dozens of calls a command makes. Same answers as before.
@Suite struct CachedProjectFunctionsTests {
    static let names = [
        "tracker_project_id", "tracker_readable_project_id", "tracker_session_is_superuser",
        "tracker_session_user_id",
    ]

    @Test func theyArePlannedOncePerSessionAndKeepTheirSearchPath() async throws {
        let connection = try Connection(settings: try await TestPostgres.shared.freshDatabase())
        let rows = try connection.query(
            """
            SELECT p.proname, l.lanname, p.provolatile::text, array_to_string(p.proconfig, ',')
              FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang
             WHERE p.pronamespace = 'tracker'::regnamespace AND p.proname = ANY($1::text[]) ORDER BY 1
            """, [PostgresTextArray(Self.names)]
        ).rows
        #expect(try rows.map { try $0.decode(0) as String } == Self.names.sorted())
        for row in rows {
            let name: String = try row.decode(0)
            #expect(try row.decode(1) as String == "plpgsql", "\(name)")
            #expect(try row.decode(2) as String == "s", "\(name) stays STABLE")
            #expect(try row.decode(3) as String == "search_path=tracker, pg_catalog, pg_temp", "\(name)")
        }
    }

    @Test func theyAnswerAsBefore() async throws {
        let connection = try Connection(settings: try await TestPostgres.shared.freshDatabase())
        let defaultProject: Int64 = try connection.query("SELECT id FROM projects WHERE is_default").rows[0].decode(0)
        #expect(try connection.query("SELECT tracker_project_id()").rows[0].decode(0) == defaultProject)
        #expect(try connection.query("SELECT tracker_readable_project_id()").rows[0].decode(0) == defaultProject)
        try connection.execute(
            "SELECT tracker_create_project('web', 'Web', 'https://example.com/web', 'example.com/web')")
        let web: Int64 = try connection.query("SELECT id FROM projects WHERE key = 'web'").rows[0].decode(0)
        try connection.execute("SELECT set_config('tracker.project', 'WEB', false)")
        #expect(try connection.query("SELECT tracker_project_id()").rows[0].decode(0) == web, "a key in any case")
        try connection.execute("SELECT set_config('tracker.project', '', false)")
        try connection.execute("SELECT set_config('tracker.remote', 'example.com/web', false)")
        #expect(try connection.query("SELECT tracker_project_id()").rows[0].decode(0) == web, "by the clone's remote")
        try connection.execute("SELECT set_config('tracker.project', 'nope', false)")
        do {
            _ = try connection.query("SELECT tracker_project_id()")
            Issue.record("an unknown project was accepted")
        } catch {
            #expect(error.sqlState == "TS019")
        }
        let superuser: Bool = try connection.query("SELECT tracker_session_is_superuser()").rows[0].decode(0)
        let expected: Bool = try connection.query("SELECT rolsuper FROM pg_roles WHERE rolname = session_user")
            .rows[0].decode(0)
        #expect(superuser == expected)
        let unlinked = try connection.query("SELECT tracker_session_user_id() IS NULL").rows[0].decode(0) as Bool
        #expect(unlinked, "the test's role is linked to no user")
    }
}
