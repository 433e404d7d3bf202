import Foundation
import Postgres
import Testing
import TrackerTestSupport

/// `streamInOneFlight`: what was queued, then a SELECT read row by row, in one round trip whose
/// Sync commits; each way it can fail leaves the connection as the caller expects.
@Suite struct OneFlightStreamTests {
    struct Stop: Error {}

    @Test func queuedStatementsRunFirstInTheSameTransactionAndTheirResultsArrive() async throws {
        let connection = try Connection(settings: try await TestPostgres.shared.emptyDatabase())
        let setting = connection.send("SELECT set_config('statement_timeout', '0', true)")
        let before = connection.send("SELECT txid_current() AS xact")
        var rows: [(Int, Int64)] = []
        try connection.streamInOneFlight("SELECT g, txid_current() FROM generate_series(1, 5000) AS g") { row in
            rows.append((try row.decode(0), try row.decode(1)))
        }
        #expect(rows.map(\.0) == Array(1...5000))
        #expect(try setting.result().rows.count == 1)
        let xact: Int64 = try before.result().rows[0].decode(0)
        #expect(rows.allSatisfy { $0.1 == xact }, "the queued statements and the stream share one transaction")
        #expect(
            try connection.query("SHOW statement_timeout").rows[0].decode(0) as String != "0",
            "the setting was local to that transaction")
    }

    @Test func aFailedQueuedStatementSkipsTheStreamAndIsThrown() async throws {
        let connection = try Connection(settings: try await TestPostgres.shared.emptyDatabase())
        connection.send("SELECT 1 / 0")
        var called = false
        let thrown = #expect(throws: PostgresError.self) {
            try connection.streamInOneFlight("SELECT g FROM generate_series(1, 10) AS g") { _ in called = true }
        }
        #expect(thrown?.message.contains("division by zero") == true, "\(String(describing: thrown))")
        #expect(!called)
        #expect(try connection.query("SELECT 2").rows[0].decode(0) as Int == 2, "the connection is usable")
    }

    @Test func aFailingStreamedStatementIsThrownAndRolledBack() async throws {
        let connection = try Connection(settings: try await TestPostgres.shared.emptyDatabase())
        try connection.execute("CREATE TABLE notes (text text)")
        connection.send("INSERT INTO notes VALUES ('before')")
        var seen = 0
        #expect(throws: PostgresError.self) {
            try connection.streamInOneFlight("SELECT 10 / (5 - g) FROM generate_series(1, 10) AS g") { _ in seen += 1 }
        }
        #expect(seen == 4, "the rows before the failing one arrived")
        #expect(try connection.query("SELECT count(*)::int FROM notes").rows[0].decode(0) as Int == 0)
    }

    @Test func aReaderThatGivesUpDropsTheConnection() async throws {
        let settings = try await TestPostgres.shared.emptyDatabase()
        let connection = try Connection(settings: settings)
        var seen = 0
        #expect(throws: Stop.self) {
            try connection.streamInOneFlight("SELECT g FROM generate_series(1, 1000000) AS g") { _ in
                seen += 1
                throw Stop()
            }
        }
        #expect(seen == 1)
        #expect(!connection.isOpen, "no cancel request left in flight: the connection is gone")
    }
}
