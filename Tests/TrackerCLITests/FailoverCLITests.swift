import Foundation
import Postgres
import Testing
import TrackerTestSupport

/// Password authentication and failover, against PostgreSQL servers on loopback TCP ports.
@Suite(.serialized) struct FailoverCLITests {
    @Test func aWrongPasswordIsReportedWithoutEchoingIt() throws {
        let primary = try TCPTestCluster.primary(password: "right-pw-9f3")
        defer { primary.remove() }
        let wrong = TrackerProcess(databaseSettings: primary.url(password: "wrong-pw-7c1"))
        let refused = try wrong.run(["list", "--verbose"])
        #expect(refused.stderr.contains("password=***"), "the trace shows where, not the secret")
        #expect(refused.status == 69)
        #expect(refused.stderr.contains("password authentication failed"))
        #expect(!(refused.stderr + refused.stdout).contains("wrong-pw-7c1"))
        // libpq parameters pass through unchanged: this server has no TLS, so requiring it fails.
        let tls = try TrackerProcess(databaseSettings: primary.url() + "?sslmode=require").run(["list"])
        #expect(tls.status == 69)
        #expect(tls.stderr.contains("SSL"))
        let right = TrackerProcess(databaseSettings: primary.url())
        let migrated = try right.run(["migrate", "--verbose"])
        #expect(migrated.status == 0)
        #expect(!(migrated.stderr + migrated.stdout).contains("right-pw-9f3"))
    }

    @Test func severalHostsWithReadWriteFollowAPromotedStandby() async throws {
        let primary = try TCPTestCluster.primary(password: "failover-pw")
        defer { primary.remove() }
        let standby = try primary.standby()
        defer { standby.remove() }
        let url =
            "postgresql://\(TCPTestCluster.user):failover-pw@127.0.0.1:\(primary.port),127.0.0.1:\(standby.port)"
            + "/postgres?target_session_attrs=read-write&connect_timeout=2"
        let tracker = TrackerProcess(databaseSettings: url)
        #expect(try tracker.run(["migrate"]).status == 0)
        #expect(try tracker.run(["users", "add", "tester"]).status == 0)
        #expect(try tracker.run(["create", "--title", "Before failover"]).stdout == "Created issue #1\n")

        // Wait until the standby has replayed the issue, then lose the primary.
        let replica = try Connection(settings: standby.url())
        var replayed = false
        for _ in 0..<100 where !replayed {
            replayed = (try? replica.query("SELECT count(*) FROM issues").rows[0].decode(0, as: Int.self)) == 1
            if !replayed { try await Task.sleep(for: .milliseconds(100)) }
        }
        #expect(replayed)
        try primary.stopImmediately()
        try standby.promote()

        let after = try tracker.run(["create", "--title", "After failover"])
        #expect(after.status == 0, "\(after.stderr)")
        #expect(after.stdout == "Created issue #2\n")
        let titles = try tracker.run(["list", "--json", "title"]).stdout
        #expect(titles.contains("Before failover") && titles.contains("After failover"))
    }
}
