import Foundation
import Testing
import TrackerTestSupport

/// The line front's prompts edit as readline does, in a real terminal (tmux) through the real
/// binary: the cursor moves, ↑ recalls what was typed (kept per user, 0600, in the state folder),
/// Tab completes logins, labels and milestones, and a resized window is followed.
@Suite struct LinePromptTerminalTests {
    let terminal = TmuxSession()

    /// Issues #1…#count, titled "Issue N".
    func tracker(issues count: Int) async throws -> TrackerProcess {
        let tracker = try await CLITests.tracker()
        let issues = (1...count).map {
            "{\"number\":\($0),\"title\":\"Issue \($0)\",\"body\":\"\",\"state\":\"OPEN\",\"author\":{\"login\":\"tester\"},"
                + "\"assignees\":[],\"createdAt\":\"2024-01-01T00:00:00Z\",\"updatedAt\":\"2024-01-01T00:00:00Z\"}"
        }
        let imported = try tracker.run(["import", "-"], stdin: "[" + issues.joined(separator: ",") + "]")
        #expect(imported.status == 0, "\(imported.stderr)")
        return tracker
    }

    /// The line being typed at the last prompt on the screen.
    func typed(_ screen: String, after prompt: String) -> String? {
        screen.split(separator: "\n").last { $0.hasPrefix(prompt) }.map { String($0.dropFirst(prompt.count)) }
    }

    @Test func leftPutsTheDigitTypedBeforeTheOneBeforeIt() async throws {
        let tracker = try await tracker(issues: 13)
        defer { terminal.stop() }
        try terminal.start(tracker, ["--plain"])
        try await terminal.waitFor("tracker>")
        try terminal.keys("v 3")
        try terminal.press("Left")
        try terminal.keys("1")
        try await terminal.waitFor("tracker> v 13")
        try terminal.press("Enter")
        let issue = try await terminal.waitFor("#13>")
        #expect(issue.contains("#13 Issue 13"), "issue 32: it opened #31\n\(issue)")
        try terminal.press("Home")
        try terminal.keys("b")
        try terminal.press("Enter")
        try await terminal.waitFor("the list again") { $0.components(separatedBy: "tracker>").count > 2 }
        try terminal.type("q")
        try await terminal.waitFor("SESSION-OVER")
    }

    @Test func upRecallsLinesTypedInAnEarlierSessionKeptForTheUserAlone() async throws {
        let tracker = try await tracker(issues: 3)
        defer { terminal.stop() }
        try terminal.start(tracker, ["--plain"])
        try await terminal.waitFor("tracker>")
        for line in ["v 2", "b", "q"] {
            try terminal.type(line)
        }
        try await terminal.waitFor("SESSION-OVER")

        let state = try #require(tracker.environment["XDG_STATE_HOME"])
        let file = URL(fileURLWithPath: state).appending(path: "tracker/history-tester")
        #expect(try String(contentsOf: file, encoding: .utf8) == "v 2\nb\nq\n")
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)

        let again = TmuxSession()
        defer { again.stop() }
        try again.start(tracker, ["--plain"])
        try await again.waitFor("tracker>")
        try again.press("Up", "Up", "Up")
        try await again.waitFor("tracker> v 2")
        try again.press("Down")
        try await again.waitFor("tracker> b")
        try again.press("Up")
        try again.press("Enter")
        let issue = try await again.waitFor("#2>")
        #expect(issue.contains("#2 Issue 2"))
        try again.press("Up")
        try await again.waitFor("#2> v 2")
        try again.press("C-u")
        try again.type("b")
        try await again.waitFor("the list again") { $0.components(separatedBy: "tracker>").count > 2 }
        try again.type("q")
        try await again.waitFor("SESSION-OVER")
        #expect(try String(contentsOf: file, encoding: .utf8).hasSuffix("v 2\nb\nq\n"))
    }

    @Test func tabCompletesLoginsLabelsAndMilestones() async throws {
        let tracker = try await tracker(issues: 2)
        try tracker.run(["users", "add", "bob"])
        try tracker.run(["label", "create", "backend"])
        try tracker.run(["label", "create", "bug"])
        try tracker.run(["milestone", "create", "Sprint 12"])
        try tracker.run(["edit", "1", "--add-label", "backend", "--milestone", "Sprint 12"])
        defer { terminal.stop() }
        try terminal.start(tracker, ["--plain"])
        try await terminal.waitFor("tracker>")
        try terminal.keys("f label:ba")
        try terminal.press("Tab")
        try await terminal.waitFor("tracker> f label:backend")
        try terminal.keys("milestone:Spr")
        try terminal.press("Tab")
        try await terminal.waitFor("tracker> f label:backend milestone:\"Sprint 12\"")
        try terminal.press("Enter")
        let screen = try await terminal.waitFor("label:backend milestone:\"Sprint 12\" · page 1")
        let filtered = try #require(screen.components(separatedBy: "milestone:\"Sprint 12\" · page 1").last)
        #expect(filtered.contains("#1  Issue 1") && !filtered.contains("#2  Issue 2"), "\(filtered)")

        try terminal.keys("f label:b")
        try terminal.press("Tab")
        let both = try await terminal.waitFor("label:backend  label:bug")
        #expect(typed(both, after: "tracker> ") == "f label:b", "two labels start with b: both are shown")
        try terminal.press("C-u")
        try terminal.keys("a 2 bo")
        try terminal.press("Tab")
        try await terminal.waitFor("tracker> a 2 bob")
        try terminal.press("Enter")
        try await terminal.waitFor("Assigned bob to #2")
        try terminal.type("q")
        try await terminal.waitFor("SESSION-OVER")
    }

    @Test func aNarrowedWindowIsFollowedByTheNextScreen() async throws {
        let tracker = try await CLITests.tracker()
        let long = "A title long enough to need all of a wide window and then some more"
        try tracker.run(["create", "--title", long])
        defer { terminal.stop() }
        try terminal.start(tracker, ["--plain"], columns: 120, rows: 30)
        try await terminal.waitFor(long)
        try terminal.resize(columns: 60, rows: 30)
        try terminal.type("r")
        let screen = try await terminal.waitFor("the list again at 60 columns") {
            $0.components(separatedBy: "Issues · state:open").count > 2
        }
        let page = try #require(screen.components(separatedBy: "Issues · state:open").last)
        let rows = page.split(separator: "\n").filter { $0.hasPrefix("#1 ") }
        #expect(rows.count == 1 && rows.allSatisfy { $0.count <= 60 } && rows[0].contains("…"), "\(page)")
        try terminal.type("q")
        try await terminal.waitFor("SESSION-OVER")
    }
}
