import Foundation
import Testing
import TrackerTestSupport

/// The tab bar and the label picker in a real terminal (tmux) on a real PostgreSQL.
@Suite struct TabsTerminalTests {
    let terminal = TmuxSession()

    @Test func aLabelMadeOnTheLabelsTabIsPickedOnAnIssueAndSaved() async throws {
        let tracker = try await CLITests.tracker()
        let created = try tracker.run(["create", "--title", "Crash on start"])
        #expect(created.status == 0, "\(created.stderr)")
        defer { terminal.stop() }
        try terminal.start(tracker, ["--plain"])
        try await terminal.waitFor("[1 Issues]  2 Labels  3 Milestones  4 People")

        try terminal.type("2")
        try await terminal.waitFor("labels>")
        #expect(try terminal.screen().contains("1 Issues  [2 Labels]  3 Milestones  4 People"))
        try terminal.type("n")
        try await terminal.waitFor("Name:")
        try terminal.type("bug")
        try await terminal.waitFor("Colour (RRGGBB")
        try terminal.type("d73a4a")
        try await terminal.waitFor("Description (Enter")
        try terminal.type("Something is broken")
        let labels = try await terminal.waitFor("Created label 'bug'")
        #expect(labels.contains("1  bug   #d73a4a  Something is broken"))

        try terminal.type("1")
        try await terminal.waitFor("the Issues tab again") { $0.components(separatedBy: "[1 Issues]").count > 2 }
        try terminal.type("v 1")
        try await terminal.waitFor("#1>")
        try terminal.type("l")
        try await terminal.waitFor("pick labels>")
        #expect(try terminal.screen().contains("1. [ ] bug"))
        try terminal.type("1")
        try await terminal.waitFor("1. [x] bug")
        try terminal.type("done")
        let labelled = try await terminal.waitFor("Labels of issue #1: added bug")
        #expect(labelled.contains("tester added the \"bug\" label"))

        try terminal.type("b")
        try await terminal.waitFor("the list's prompt again") { $0.components(separatedBy: "tracker>").count > 2 }
        try terminal.type("q")
        let after = try await terminal.waitFor("SESSION-OVER")
        #expect(after.contains("exit 0"))

        let shown = try tracker.run(["show", "1", "--json", "labels"])
        #expect(shown.status == 0, "\(shown.stderr)")
        let issue = try #require(try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any])
        let saved = try #require(issue["labels"] as? [[String: Any]])
        #expect(saved.map { $0["name"] as? String } == ["bug"])
        #expect(saved.first?["color"] as? String == "d73a4a")
    }
}
