import Foundation
import Postgres
import Testing
import TrackerTestSupport

/// With no database configured, `tracker` creates, starts and migrates its own PostgreSQL.
@Suite struct PrivateClusterTests {
    @Test func zeroSetUpCreateListAndManageTheCluster() throws {
        let tracker = TrackerProcess.privateCluster()
        defer { tracker.remove() }
        #expect(try tracker.run(["db", "status"]).stdout.contains("not created yet"))

        let created = try tracker.run(["create", "--title", "First on a new laptop"])
        #expect(created.status == 0, "\(created.stderr)")
        #expect(created.stdout == "Created issue #1\n")

        // Only the operating system's login is registered on first use; a typed one may be a typo.
        let osLogin = try #require(getpwuid(geteuid())).pointee.pw_name.map { String(cString: $0) } ?? ""
        let typed = try tracker.run(["--as", osLogin + "x", "create", "--title", "As a typo"])
        #expect(typed.status == 65, "\(typed.stderr)")
        #expect(typed.stderr.contains("did you mean \(osLogin)?"), "\(typed.stderr)")
        var byVariable = tracker
        byVariable.environment["TRACKER_USER"] = "someone-else"
        #expect(try byVariable.run(["create", "--title", "As someone else"]).status == 65)
        #expect(!(try tracker.run(["users", "list"]).stdout.contains("someone-else")))

        let listed = try tracker.run([])
        #expect(listed.status == 0)
        #expect(listed.stdout.contains("First on a new laptop"))
        #expect(try tracker.run(["migrate", "--status"]).stdout.contains("applied"))

        let status = try tracker.run(["db", "status"])
        #expect(status.stdout.contains("running"))
        #expect(status.stdout.contains("port=5432 user=tracker dbname='tracker'"), "\(status.stdout)")
        #expect(try tracker.run(["db", "stop"]).stdout == "Private PostgreSQL stopped.\n")
        #expect(try tracker.run(["db", "status"]).stdout.contains("stopped"))
        // Started again on demand, with the data kept.
        #expect(try tracker.run(["list"]).stdout.contains("First on a new laptop"))
    }
}
