import Foundation
import Postgres
import Synchronization
import Testing
import TrackerTestSupport

final class AttemptCounter: Sendable {
    private let count = Mutex(0)
    func next() -> Int {
        count.withLock {
            $0 += 1; return $0
        }
    }
    var value: Int { count.withLock { $0 } }
}

@Suite struct DatabaseReliabilityTests {
    static let conflict = "DO $$ BEGIN RAISE EXCEPTION 'conflict' USING ERRCODE = '40001'; END $$"

    @Test func serializationFailuresAreRetriedThenReported() async throws {
        let database = Database(settings: try await TestPostgres.shared.emptyDatabase())
        try await database.withConnection { try $0.execute("CREATE TABLE notes (text text)") }
        let attempts = AttemptCounter()
        try await database.transaction { connection in
            try connection.query("INSERT INTO notes VALUES ($1)", ["attempt \(attempts.next())"])
            if attempts.value < 3 { try connection.execute(DatabaseReliabilityTests.conflict) }
        }
        #expect(attempts.value == 3)
        let stored = try await database.withConnection { connection in
            try connection.query("SELECT text FROM notes").rows.map { try $0.decode(0, as: String.self) }
        }
        #expect(stored == ["attempt 3"], "failed attempts left nothing behind")

        let always = AttemptCounter()
        await #expect {
            try await database.transaction { connection in
                _ = always.next()
                try connection.execute(DatabaseReliabilityTests.conflict)
            }
        } throws: { error in
            (error as? PostgresError)?.sqlState == SQLState.serializationFailure
        }
        #expect(always.value == Database.transactionAttempts)
    }

    @Test func aStatementTimeoutCancelsTheQuery() async throws {
        let settings = try await TestPostgres.shared.emptyDatabase()
        let connection = try Connection(
            settings: settings, limits: SessionLimits(connectTimeout: 5, statementTimeoutMilliseconds: 200))
        let started = Date()
        #expect {
            try connection.query("SELECT pg_sleep(5)")
        } throws: { error in
            (error as? PostgresError)?.sqlState == SQLState.queryCanceled
        }
        #expect(Date().timeIntervalSince(started) < 4)
        #expect(try connection.query("SELECT 1").rows.count == 1, "the connection stays usable")
    }
}

/// A server restart under a long-lived `Database` (the interactive front's case).
@Suite struct ReconnectTests {
    @Test func theNextActionAfterARestartReconnects() async throws {
        let cluster = LocalCluster(
            directory: FileManager.default.temporaryDirectory.appending(
                path: "tracker-restart-\(UUID().uuidString.prefix(8))"),
            databaseName: "app", superuser: "app", ephemeral: true)
        defer {
            _ = try? cluster.stop()
            try? FileManager.default.removeItem(at: cluster.directory)
        }
        let database = Database(settings: try cluster.ensureRunning())
        let first = try await database.withConnection {
            try $0.query("SELECT pg_backend_pid()").rows[0].decode(0, as: Int.self)
        }
        try cluster.stop()
        try cluster.ensureRunning()
        try await Task.sleep(for: .milliseconds(1100))
        let second = try await database.withConnection {
            try $0.query("SELECT pg_backend_pid()").rows[0].decode(0, as: Int.self)
        }
        #expect(first != second, "a new server process serves the new connection")
    }
}
