import Foundation
import Postgres
import Testing
import TrackerTestSupport

/// A stream its reader gives up on must not leave a cancel request in flight that could land on
/// the next statement (the ROLLBACK after it, say): the connection is dropped instead, the server
/// rolls back, and `Database` opens a fresh one.
@Suite struct StreamingTests {
    struct Stop: Error {}

    @Test func aStreamAbandonedByItsReaderDropsTheConnectionAndRollsBack() async throws {
        let settings = try await TestPostgres.shared.emptyDatabase()
        let setup = try Connection(settings: settings)
        try setup.execute("CREATE TABLE notes (text text)")
        let connection = try Connection(settings: settings)
        var seen = 0
        #expect(throws: Stop.self) {
            try connection.transaction { connection in
                try connection.query("INSERT INTO notes VALUES ($1)", ["lost"])
                try connection.stream("SELECT g FROM generate_series(1, 1000000) AS g") { _ in
                    seen += 1
                    throw Stop()
                }
            }
        }
        #expect(seen == 1)
        #expect(!connection.isOpen, "no cancel, no ROLLBACK on this connection: it is gone")
        #expect(try setup.query("SELECT count(*) FROM notes").first?.decode(0, as: Int.self) == 0)

        let database = Database(settings: settings)
        await #expect(throws: Stop.self) {
            try await database.withConnection { connection in
                try connection.stream("SELECT g FROM generate_series(1, 1000000) AS g") { _ in throw Stop() }
            }
        }
        let after = try await database.withConnection { connection in
            try connection.query("SELECT pg_sleep(0.2), 1 AS one").first?.decode("one", as: Int.self)
        }
        #expect(after == 1)
    }
}
