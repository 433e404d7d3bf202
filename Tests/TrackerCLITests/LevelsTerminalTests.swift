import Foundation
import Testing
import TrackerTestSupport

/// The interactive front in a real terminal (tmux), logged in as teammates of each level on a
/// real PostgreSQL: it offers only the keys the level allows, refuses the rest saying why (in the
/// words the database uses for the same command), and writes nothing.
@Suite struct LevelsTerminalTests {
    let terminal = TmuxSession()

    @Test func aReaderSeesNoChangingKeysAndIsRefusedEachWithWhy() async throws {
        let team = try await TeamServer.shared.database(publicWritable: false)
        try team.prepareTeam()
        #expect(try team.tracker(as: "alice").run(["create", "-t", "Crash on start"]).status == 0)
        #expect(try team.tracker(as: "dana").run(["label", "create", "bug"]).status == 0)
        defer { terminal.stop() }
        try terminal.start(team.tracker(as: "carol"), ["--plain"])
        try await terminal.waitFor("tracker>")

        try terminal.type("?")
        let listHelp = try await terminal.waitFor("(you have read; other keys need triage)")
        #expect(!listHelp.contains("n new") && !listHelp.contains("c N close") && listHelp.contains("v N view"))

        try terminal.type("v 1")
        try await terminal.waitFor("#1>")
        try terminal.type("?")
        let issueHelp = try await terminal.waitFor("r refresh · ? help · b back · (you have read")
        #expect(!issueHelp.contains("x close") && !issueHelp.contains("e edit"))
        try terminal.type("x")
        try await terminal.waitFor("carol has read on this tracker; closing issues needs triage")
        try terminal.type("e")
        try await terminal.waitFor("carol has read on this tracker; editing alice's issue needs maintain")

        try terminal.type("b")
        try await terminal.waitFor("the list again") { $0.components(separatedBy: "tracker>").count > 2 }
        try terminal.type("2")
        try await terminal.waitFor("labels>")
        try terminal.type("d 1")
        let labels = try await terminal.waitFor("carol has read on this tracker; deleting a label needs maintain")
        #expect(!labels.contains("Delete label"))
        try terminal.type("q")
        #expect(try await terminal.waitFor("SESSION-OVER").contains("exit 0"))

        let cli = try team.tracker(as: "carol").run(["close", "1"])
        #expect(cli.status == 77)
        #expect(cli.stderr.contains("carol has read on this tracker; closing issues needs triage"))
        let owner = team.tracker(as: "owner")
        #expect(try owner.run(["list", "--state", "open"]).stdout.contains("Crash on start"))
        #expect(try owner.run(["label", "list"]).stdout.contains("bug"))
        #expect(try team.scalar("SELECT count(*) FROM tracker.issue_events") == "1", "only the creation")
    }

    @Test func aWriterEditsTheirOwnIssueButIsRefusedAnotherOnes() async throws {
        let team = try await TeamServer.shared.database(publicWritable: false)
        try team.prepareTeam()
        #expect(try team.tracker(as: "alice").run(["create", "-t", "Alice's own"]).status == 0)
        #expect(try team.tracker(as: "dana").run(["create", "-t", "Dana's"]).status == 0)
        defer { terminal.stop() }
        try terminal.start(team.tracker(as: "alice"), ["--plain"])
        try await terminal.waitFor("tracker>")

        try terminal.type("v 1")
        try await terminal.waitFor("#1>")
        try terminal.type("?")
        // The help may reach the screen in pieces on a loaded machine: wait for all of it.
        let own = try await terminal.waitFor("the issue's keys") {
            $0.contains("b back") && $0.contains("e edit title and body") && $0.contains("x close")
        }
        #expect(own.contains("e edit title and body") && own.contains("x close"), "\(own)")

        try terminal.type("b")
        try await terminal.waitFor("the list again") { $0.components(separatedBy: "tracker>").count > 2 }
        try terminal.type("v 2")
        try await terminal.waitFor("#2>")
        try terminal.type("?")
        let other = try await terminal.waitFor("(you have write; other keys need maintain)")
        #expect(!other.components(separatedBy: "#2>").last!.contains("e edit"))
        try terminal.type("e")
        try await terminal.waitFor("alice has write on this tracker; editing dana's issue needs maintain")
        try terminal.type("b")
        try await terminal.waitFor("the list again") { $0.components(separatedBy: "tracker>").count > 3 }
        try terminal.type("q")
        try await terminal.waitFor("SESSION-OVER")
        #expect(try team.scalar("SELECT title FROM tracker.issues WHERE number = 2") == "Dana's")
    }
}
