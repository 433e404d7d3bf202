import Foundation
import Postgres
import Testing
import TrackerTestSupport

/// The private cluster's pooler (`LocalPooler`): commands reach the server through pgbouncer,
/// which keeps their server sessions; a pooler or server that went away costs no command.
@Suite struct PrivateClusterPoolerTests {
    static func cluster(of tracker: TrackerProcess, pooled: Bool = true) throws -> LocalCluster {
        let directory = try #require(tracker.environment["TRACKER_CLUSTER_DIR"])
        return LocalCluster(
            directory: URL(fileURLWithPath: directory), databaseName: "tracker", superuser: "tracker", pooled: pooled)
    }

    /// The server's client sessions other than the asking one's, asked straight of the server.
    static func serverSessions(_ cluster: LocalCluster) throws -> Set<Int64> {
        let connection = try Connection(settings: cluster.connectionSettings())
        return Set(
            try connection.query(
                "SELECT pid::bigint FROM pg_stat_activity WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()"
            ).rows.map { try $0.decode(0) as Int64 })
    }

    /// Stops the server alone, as a crash or an administrator would, leaving the pooler running
    /// (throws, saying why, when pg_ctl fails).
    static func stopServerOnly(_ cluster: LocalCluster) throws {
        try ServerUser.run("pg_ctl", ["-D", cluster.dataDirectory.path, "stop", "-m", "fast", "-w"])
    }

    /// SIGTERM, which stops pgbouncer, must reach it: a child inherits its parent's blocked signals.
    static func blocksTermination(_ pid: pid_t) throws -> Bool {
        let masks = try #require(
            SignalMasks(status: try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)))
        return masks.blocked & SignalMasks.bit(SIGTERM) != 0
    }

    @Test func commandsKeepWarmSessionsAndSurviveAPoolerOrServerGone() throws {
        let tracker = TrackerProcess.privateCluster()
        defer { tracker.remove() }
        let cluster = try Self.cluster(of: tracker)
        try #require(cluster.pooler.program() != nil, "pgbouncer is not installed: scripts/install-deps.sh installs it")
        let created = try tracker.run(["create", "--title", "Through the pooler"])
        #expect(created.status == 0, "\(created.stderr)")
        let status = try tracker.run(["db", "status"]).stdout
        #expect(status.contains("Pooler: pgbouncer keeps server sessions warm"), "\(status)")
        #expect(status.contains("port=6432"), "\(status)")
        let pooler = try #require(cluster.pooler.runningProcess)
        #expect(try !Self.blocksTermination(pooler))

        // The first command connected before the pooler ran. The next one's server session
        // outlives it, and the one after takes it: no new session.
        #expect(try tracker.run(["list"]).stdout.contains("Through the pooler"))
        let kept = try Self.serverSessions(cluster)
        #expect(!kept.isEmpty, "no server session outlived the command")
        #expect(try tracker.run(["list"]).stdout.contains("Through the pooler"))
        #expect(try Self.serverSessions(cluster).isSubset(of: kept), "a command started a session of its own")

        kill(pooler, SIGKILL)
        let afterKill = try tracker.run(["list"])
        #expect(afterKill.status == 0, "\(afterKill.stderr)")
        #expect(afterKill.stdout.contains("Through the pooler"))
        let restarted = try #require(cluster.pooler.runningProcess, "the pooler was not started again")
        #expect(restarted != pooler)

        try Self.stopServerOnly(cluster)
        let afterStop = try tracker.run(["list"])
        #expect(afterStop.status == 0, "\(afterStop.stderr)")
        #expect(afterStop.stdout.contains("Through the pooler"))
        #expect(cluster.pooler.isListening && cluster.pooler.runningProcess != nil)

        #expect(try tracker.run(["db", "stop"]).stdout == "Private PostgreSQL stopped.\n")
        #expect(cluster.pooler.runningProcess == nil)
        #expect(!cluster.pooler.isListening)
    }

    @Test func trackerPoolerOffConnectsStraightToTheServer() throws {
        var tracker = TrackerProcess.privateCluster()
        tracker.environment["TRACKER_POOLER"] = "off"
        defer { tracker.remove() }
        let created = try tracker.run(["create", "--title", "Straight to the server"])
        #expect(created.status == 0, "\(created.stderr)")
        let cluster = try Self.cluster(of: tracker)
        #expect(cluster.pooler.runningProcess == nil)
        #expect(!cluster.pooler.isListening)
        #expect(try Self.serverSessions(cluster).isEmpty, "a session outlived the command")
        #expect(try tracker.run(["db", "status"]).stdout.contains("Pooler: off (TRACKER_POOLER=off)"))
        var typo = tracker
        typo.environment["TRACKER_POOLER"] = "of"
        let refused = try typo.run(["list"])
        #expect(refused.status == 65, "\(refused.stderr)")
        #expect(refused.stderr.contains("TRACKER_POOLER must be on or off; 'of' is not"), "\(refused.stderr)")
    }
}
