import ChildProcesses
import Foundation
import Postgres
import Testing
import TrackerTestSupport

/// The test pgbouncer really pools by transaction, shares a few server sessions, and is stopped
/// by the script that cleans up after a crashed run.
@Suite struct PgBouncerProcessTests {
    func backend(_ connection: Connection) throws -> Int {
        try connection.query("SELECT pg_backend_pid()").rows[0].decode(0)
    }

    @Test func aClientsTransactionsLandOnMoreThanOneServerSession() async throws {
        let settings = try await TestPostgres.shared.emptyDatabase()
        let bouncer = try PgBouncerProcess.start(before: settings)
        defer { bouncer.stop() }
        let watched = try Connection(settings: try bouncer.url(reaching: settings))
        let holder = try Connection(settings: try bouncer.url(reaching: settings))
        var sessions: Set<Int> = []
        for _ in 1...3 {
            // While `holder` is inside a transaction its server session is its own; once it
            // commits, that session is free for `watched`'s next transaction.
            try holder.execute("BEGIN; SELECT 1")
            sessions.insert(try backend(watched))
            try holder.execute("COMMIT")
            sessions.insert(try backend(watched))
        }
        #expect(sessions.count > 1, "in session mode one client keeps one server session")
    }

    @Test func manyClientsShareAtMostThePoolsServerSessions() async throws {
        let settings = try await TestPostgres.shared.emptyDatabase()
        let bouncer = try PgBouncerProcess.start(before: settings, poolSize: 2)
        defer { bouncer.stop() }
        let clients = try (1...10).map { _ in try Connection(settings: try bouncer.url(reaching: settings)) }
        let backends = try Set(clients.map { try backend($0) })
        #expect(!backends.isEmpty && backends.count <= 2)
        let direct = try Connection(settings: settings)
        let serverSessions: Int = try direct.query(
            """
            SELECT count(*) FROM pg_stat_activity
            WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'
            """
        ).rows[0].decode(0)
        #expect(serverSessions <= 2, "10 clients, at most 2 server sessions")
    }

    /// Why tracker sends its session settings inside each transaction instead of as libpq's
    /// `options`: pgbouncer refuses that startup parameter outright.
    @Test func theOptionsStartupParameterIsRefused() async throws {
        let settings = try await TestPostgres.shared.emptyDatabase()
        let bouncer = try PgBouncerProcess.start(before: settings)
        defer { bouncer.stop() }
        let url = try bouncer.url(reaching: settings) + "&options=-c%20statement_timeout%3D5000"
        let refusal = #expect(throws: PostgresError.self) { _ = try Connection(settings: url) }
        #expect(
            refusal?.message.contains("unsupported startup parameter: options") == true,
            "\(String(describing: refusal))")
        #expect(try backend(try Connection(settings: try bouncer.url(reaching: settings))) > 0, "without it, fine")
    }

    /// In front of a server that wants a password (SCRAM over TCP), pgbouncer logs in with the
    /// one the settings carry; its own clients need none.
    @Test func itLogsIntoAPasswordServerWithThePasswordOfTheSettings() async throws {
        let cluster = try TCPTestCluster.primary(password: "pooled-pw-4e1")
        defer { cluster.remove() }
        let bouncer = try PgBouncerProcess.start(before: cluster.url())
        defer { bouncer.stop() }
        let client = try Connection(settings: bouncer.url(database: "postgres"))
        let answer = try client.query("SELECT current_user, inet_server_port()").rows[0]
        #expect(try answer.decode(0) as String == TCPTestCluster.user)
        #expect(try answer.decode(1) as Int == cluster.port)
        #expect(!bouncer.url(database: "postgres").contains("pooled-pw-4e1"))
    }

    @Test func theStopScriptEndsAPgBouncerLeftInItsFolder() async throws {
        let settings = try await TestPostgres.shared.emptyDatabase()
        let scratch =
            ProcessInfo.processInfo.environment["TRACKER_TEST_TMPDIR"].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.temporaryDirectory
        let folder = scratch.appending(path: "left-behind-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        chmod(folder.path, 0o755)
        let bouncer = try PgBouncerProcess.start(before: settings, in: folder)
        defer { bouncer.stop() }
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appending(path: "scripts/stop-test-clusters.sh")
        let outcome = try ChildProcess.run("/bin/bash", [script.path, folder.path])
        #expect(outcome.status == 0)
        #expect(bouncer.hasEnded(checkingFor: 10), "the script killed it")
    }
}
