import ChildProcesses
import Foundation
import Postgres
import Testing
import TrackerTestSupport

/// Run against a server of one's own (`DATABASE_URL`), the tests leave none of their databases
/// behind, also when a test fails. Checked by running this test binary again, on the server of
/// this run, with only a probe that creates databases and then fails.
@Suite struct TestDatabaseCleanupTests {
    static let probeVariable = "TRACKER_TEST_CLEANUP_PROBE"

    @Test(.enabled(if: ProcessInfo.processInfo.environment[probeVariable] != nil))
    func probeCreatesDatabasesThenFails() async throws {
        _ = try await TestPostgres.shared.freshDatabase()
        _ = try await TestPostgres.shared.emptyDatabase()
        Issue.record("the probe fails on purpose")
    }

    @Test(.disabled(if: ProcessInfo.processInfo.environment[probeVariable] != nil))
    func aFailingRunOnAnExternalServerDropsEveryDatabaseItMade() async throws {
        let server = try await TestPostgres.shared.serverSettings()
        var environment = ProcessInfo.processInfo.environment
        environment["DATABASE_URL"] = server
        environment[TestDatabaseCleanupTests.probeVariable] = "1"
        let probe = try ChildProcess.start(
            CommandLine.arguments[0],
            ["--testing-library", "swift-testing", "--filter", "probeCreatesDatabasesThenFails"],
            environment: environment)
        let outcome = try probe.wait()
        #expect(outcome.status != 0, "the probe failed, as it should")
        #expect(String(decoding: outcome.stdout + outcome.stderr, as: UTF8.self).contains("on purpose"))
        let left = try Connection(settings: server).query(
            "SELECT datname FROM pg_database WHERE datname LIKE $1", ["tracker\\_%\\_\(probe.pid)\\_%"]
        ).rows.map { try $0.decode(0, as: String.self) }
        #expect(left.isEmpty, "left behind: \(left)")
    }
}
