import Foundation
import Postgres
import Testing
import TrackerTestSupport

/// Issue 34: the session settings in the startup packet when a connection names itself
/// (`Connection+Startup`), and per transaction as before through a pooler that refuses them or when
/// the person names the session; either way every statement runs with them.
@Suite struct StartupSettingsTests {
    static let searchPath = "pg_catalog, pg_temp"

    func settingsSeen(on connection: Connection) throws -> [String] {
        let row = try connection.query(
            """
            SELECT current_setting('DateStyle'), current_setting('TimeZone'), current_setting('statement_timeout'),
                   current_setting('search_path'), current_setting('application_name'), current_setting('work_mem')
            """
        ).rows[0]
        return try (0..<6).map { column throws(PostgresError) in try row.decode(column) }
    }

    @Test func aNamedConnectionSetsTheSessionOnceKeepingThePersonsOwnOptions() async throws {
        let settings = try await TestPostgres.shared.emptyDatabase()
        let connection = try Connection(
            settings: settings + " options='-c work_mem=5MB -c search_path=public'", searchPath: Self.searchPath,
            applicationName: "startup-test")
        let seen = try settingsSeen(on: connection)
        #expect(seen == ["ISO, MDY", "UTC", "30s", Self.searchPath, "startup-test", "5MB"], "\(seen)")
        // Outside any transaction the session itself holds them: nothing opens a transaction with them.
        try connection.execute("SELECT 1")
        #expect(try connection.execute("SHOW search_path").rows[0].decode(0) as String == Self.searchPath)
    }

    @Test func aPersonsApplicationNameOrAPoolerKeepsThemPerTransaction() async throws {
        let settings = try await TestPostgres.shared.emptyDatabase()
        let named = try Connection(
            settings: settings + " application_name=mine", searchPath: Self.searchPath, applicationName: "startup-test")
        #expect(try settingsSeen(on: named).prefix(5) == ["ISO, MDY", "UTC", "30s", Self.searchPath, "mine"])
        #expect(try named.execute("SHOW search_path").rows[0].decode(0) as String != Self.searchPath, "per transaction")

        let bouncer = try PgBouncerProcess.start(before: settings)
        defer { bouncer.stop() }
        let pooled = try Connection(
            settings: try bouncer.url(reaching: settings), searchPath: Self.searchPath, applicationName: "startup-test")
        let seen = try settingsSeen(on: pooled)
        #expect(Array(seen.prefix(4)) == ["ISO, MDY", "UTC", "30s", Self.searchPath], "\(seen)")
        #expect(seen[4] != "startup-test", "pgbouncer refused the options; the connection was made without them")
    }
}
