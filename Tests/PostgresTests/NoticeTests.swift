import Foundation
import Postgres
import Testing
import TrackerTestSupport

/// Server notices are kept on the connection for the caller, never printed by libpq.
@Suite struct NoticeTests {
    @Test func aNoticeIsCollectedWithItsSeveritySQLStateAndMessage() async throws {
        let connection = try Connection(settings: try await TestPostgres.shared.emptyDatabase())
        try connection.execute("DO $$ BEGIN RAISE NOTICE 'x'; RAISE WARNING 'careful' USING ERRCODE = '01000'; END $$")
        let notices = connection.takeNotices()
        #expect(
            notices == [
                PostgresNotice(severity: "NOTICE", sqlState: "00000", message: "x"),
                PostgresNotice(severity: "WARNING", sqlState: "01000", message: "careful"),
            ])
        #expect(connection.takeNotices().isEmpty, "taken once")
    }

    @Test func aStatementsOwnNoticesAreKept() async throws {
        let connection = try Connection(settings: try await TestPostgres.shared.emptyDatabase())
        try connection.execute("CREATE TABLE IF NOT EXISTS t (x int)")
        #expect(connection.takeNotices().isEmpty)
        try connection.execute("CREATE TABLE IF NOT EXISTS t (x int)")
        #expect(connection.takeNotices().map(\.sqlState) == ["42P07"])
    }

    @Test func aFloodOfNoticesKeepsMemoryBounded() async throws {
        let connection = try Connection(settings: try await TestPostgres.shared.emptyDatabase())
        try connection.execute("DO $$ BEGIN FOR i IN 1..5000 LOOP RAISE NOTICE 'n%', i; END LOOP; END $$")
        let notices = connection.takeNotices()
        #expect(notices.count == Connection.keptNotices)
        #expect(notices.first?.message == "n1")
    }
}
