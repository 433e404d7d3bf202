import Foundation
import Testing
import TrackerTestSupport

/// Settings read strictly, and messages that name what the person actually set.
@Suite struct SettingsWordingCLITests {
    @Test func aConnectTimeoutLibpqCannotHoldIsOneLineExit65() {
        var tracker = TrackerProcess(databaseSettings: "postgresql://nobody@127.0.0.1:1/none")
        for value in ["99999999999", "0x10"] {
            tracker.environment["TRACKER_CONNECT_TIMEOUT"] = value
            let refused = try? tracker.run(["list"])
            #expect(refused?.status == 65, "\(value): \(refused?.stderr ?? "")")
            #expect(refused?.stderr.contains("TRACKER_CONNECT_TIMEOUT must be a whole number of seconds") == true)
        }
        tracker.environment["TRACKER_CONNECT_TIMEOUT"] = nil
        tracker.environment["TRACKER_STATEMENT_TIMEOUT"] = "0x10"
        #expect((try? tracker.run(["list"]))?.status == 65, "0x10 is not sixteen seconds")
    }

    /// An unreachable database is blamed on where its settings came from; the private cluster's
    /// `tracker db start` is offered only when it is the one in use.
    @Test func anUnreachableDatabaseNamesTheSettingThatChoseIt() throws {
        let port = try LoopbackPort.free()
        let url = "postgresql://nobody@127.0.0.1:\(port)/none?connect_timeout=2"
        let byFlag = try TrackerProcess(databaseSettings: nil).run(["--database-url", url, "list"])
        #expect(byFlag.status == 69)
        #expect(
            byFlag.stderr.contains("check --database-url") && !byFlag.stderr.contains("db start"), "\(byFlag.stderr)")
        let byVariable = try TrackerProcess(databaseSettings: url).run(["list"])
        #expect(byVariable.stderr.contains("check DATABASE_URL") && !byVariable.stderr.contains("db start"))
        var byLibpq = TrackerProcess(databaseSettings: nil)
        byLibpq.environment["PGHOST"] = "127.0.0.1"
        byLibpq.environment["PGPORT"] = String(port)
        byLibpq.environment["PGCONNECT_TIMEOUT"] = "2"
        let libpq = try byLibpq.run(["list"])
        #expect(libpq.stderr.contains("check the PG variables (PGHOST") && !libpq.stderr.contains("db start"))
    }

    @Test func aMilestoneDescriptionOverTheLimitNamesItsField() async throws {
        let tracker = try await CLITests.tracker()
        let refused = try tracker.run([
            "milestone", "create", "v1", "--description", String(repeating: "x", count: 65_537),
        ])
        #expect(refused.status == 65)
        #expect(
            refused.stderr.hasPrefix("tracker: invalid milestone description: is 65537 characters"), "\(refused.stderr)"
        )
    }
}
