import ChildProcesses
import Foundation
import Postgres
import Testing
import TrackerTestSupport

/// Changes that name a label or milestone someone deletes while they run, and a role that may
/// only read: one line each, with the documented exit code, and nothing written.
@Suite struct DeletedMeanwhileCLITests {
    /// `deletion` holds its lock until `run` waits for it, then commits; `run`'s outcome is returned.
    static func whileDeleting(
        _ deletion: String, _ settings: String, _ tracker: TrackerProcess, _ arguments: [String]
    ) throws -> ChildProcess.Outcome {
        let deleter = try Connection(settings: settings)
        try deleter.execute("BEGIN; " + deletion)
        let running = try tracker.start(arguments)
        try LabelDeletionRaceCLITests.waitForALockWait(settings, running)
        try deleter.execute("COMMIT")
        return try running.wait()
    }

    @Test func aLabelOrMilestoneDeletedMidChangeIsTheUsualUnknownName() async throws {
        let tracker = try await CLITests.tracker()
        let settings = try #require(tracker.environment["DATABASE_URL"])
        for arguments in [["label", "create", "bug"], ["milestone", "create", "v1"], ["create", "-t", "One"]] {
            #expect(try tracker.run(arguments).status == 0)
        }
        let labelled = try Self.whileDeleting(
            "DELETE FROM labels WHERE name = 'bug';", settings, tracker, ["edit", "1", "--add-label", "bug"])
        let said = String(decoding: labelled.stderr, as: UTF8.self)
        #expect(labelled.status == 65, "\(said)")
        #expect(said.hasPrefix("tracker: no label 'bug'") && !said.contains("SQLSTATE"), "\(said)")

        let milestoned = try Self.whileDeleting(
            "DELETE FROM milestones WHERE title = 'v1';", settings, tracker, ["create", "-t", "Two", "-m", "v1"])
        let told = String(decoding: milestoned.stderr, as: UTF8.self)
        #expect(milestoned.status == 65, "\(told)")
        #expect(told.hasPrefix("tracker: no milestone 'v1'") && !told.contains("SQLSTATE"), "\(told)")
        let events: Int64 = try Connection(settings: settings).query(
            "SELECT count(*) FROM issue_events WHERE kind IN ('labeled', 'milestoned')"
        ).rows[0].decode(0)
        #expect(events == 0, "nothing was written")
        #expect(try tracker.run(["list", "--state", "all"]).stdout.split(separator: "\n").count == 1)
    }

    @Test func aRoleThatMayOnlyReadIsRefusedInOneLine() async throws {
        let team = try await TeamServer.shared.database(publicWritable: false)
        try team.prepareTeam()
        let carol = team.tracker(as: "carol")
        #expect(try carol.run(["list"]).status == 0, "reading is allowed")
        let refused = try carol.run(["create", "-t", "Not mine to write"])
        #expect(refused.status == 77, "\(refused.stderr)")
        #expect(refused.stderr.split(separator: "\n").count == 1)
        #expect(refused.stderr == "tracker: carol has read on this tracker; creating an issue needs write\n")
        #expect(try team.scalar("SELECT count(*)::text FROM tracker.issues") == "0")
    }
}
