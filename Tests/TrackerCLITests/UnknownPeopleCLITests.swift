import Foundation
import Testing
import TrackerTestSupport

/// A person nobody registered is an error with the closest logins, never an empty list, and a
/// typed acting user is never registered by accident.
@Suite struct UnknownPeopleCLITests {
    @Test(arguments: [
        ["--assignee", "alcie"], ["-a", "alcie"], ["--author", "alcie"], ["-A", "alcie"], ["--mention", "alcie"],
        ["--author", "alcie", "--limit", "0", "--json"],
    ])
    func aListNamingAnUnknownPersonIsRefused(_ arguments: [String]) async throws {
        let tracker = try await CLITests.tracker()
        try tracker.run(["users", "add", "alice"])
        try tracker.run(["create", "--title", "Something"])
        let outcome = try tracker.run(["list"] + arguments)
        #expect(outcome.status == 65)
        #expect(outcome.stderr == "tracker: no user 'alcie': did you mean alice?\n")
        #expect(outcome.stdout.isEmpty)
    }

    @Test func aTypedActingUserIsRefusedWithTheClosestLogins() async throws {
        var tracker = try await CLITests.tracker()
        let byFlag = try tracker.run(["--as", "testr", "create", "--title", "Typo"])
        #expect(byFlag.status == 65)
        #expect(
            byFlag.stderr.hasPrefix("tracker: user 'testr' is not registered on this database: did you mean tester?"))
        tracker.environment["TRACKER_USER"] = "Tetser"
        let byEnvironment = try tracker.run(["create", "--title", "Typo"])
        #expect(byEnvironment.status == 65)
        #expect(
            byEnvironment.stderr.contains("user 'Tetser' is not registered") && byEnvironment.stderr.contains("tester"))
        tracker.environment["TRACKER_USER"] = "tester"
        let listed = try tracker.run(["list", "--state", "all", "--json"]).stdout
        #expect(try JSONSerialization.jsonObject(with: Data(listed.utf8)) as? [Any] != nil)
        #expect(!listed.contains("Typo"), "nothing was written")
        #expect(try tracker.run(["users", "list", "--json"]).stdout.contains("testr") == false)
    }

    @Test func searchingUsersSaysWhenNoneMatch() async throws {
        let empty = TrackerProcess(databaseSettings: try await TestPostgres.shared.freshDatabase())
        // For a program standard output holds only rows; what a person would read goes to stderr.
        let nobody = try empty.run(["users", "list", "--search", "zz"])
        #expect(nobody.stdout.isEmpty && nobody.stderr.hasPrefix("No users. Add one"), "\(nobody.stderr)")
        let tracker = try await CLITests.tracker()
        let none = try tracker.run(["users", "list", "--search", "zz"])
        #expect(none.status == 0)
        #expect(none.stdout.isEmpty && none.stderr == "No users match 'zz'.\n")
        var atTerminal = tracker
        atTerminal.environment["TRACKER_FORCE_TTY"] = "100"
        #expect(try atTerminal.run(["users", "list", "--search", "zz"]).stdout == "No users match 'zz'.\n")
        #expect(try tracker.run(["users", "list", "-S", "TE"]).stdout.contains("tester"))
    }
}
