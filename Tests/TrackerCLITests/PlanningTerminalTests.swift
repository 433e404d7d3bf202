import Foundation
import Testing
import TrackerTestSupport

/// The issue screen's planning keys in a real terminal (tmux) on a real PostgreSQL (issue 30 item
/// 7): priority, due date, parent and blockers set from the screen and shown on it.
@Suite struct PlanningTerminalTests {
    let terminal = TmuxSession()

    @Test func theIssueScreenSetsAndShowsPriorityDueParentAndBlockers() async throws {
        let tracker = try await CLITests.tracker()
        for title in ["Crash on start", "Stability epic", "Logging"] {
            #expect(try tracker.run(["create", "--title", title]).status == 0)
        }
        defer { terminal.stop() }
        try terminal.start(tracker, ["--plain"])
        try await terminal.waitFor("tracker>")
        try terminal.type("v 1")
        try await terminal.waitFor("#1>")
        try terminal.type("?")
        try await terminal.waitFor("the help names the planning keys") { $0.contains("s N parent") }
        try terminal.type("p P1")
        try await terminal.waitFor("Priority: P1")
        try terminal.type("d 2030-01-31")
        try await terminal.waitFor("Due: 2030-01-31")
        try terminal.type("s 2")
        try await terminal.waitFor("Parent: #2 OPEN Stability epic")
        try terminal.type("k 3")
        let blocked = try await terminal.waitFor("Blocked by: 1 open of 1")
        #expect(blocked.contains("#3 OPEN Logging"))
        try terminal.type("s 1")
        let refused = try await terminal.waitFor("cannot be its own parent")
        #expect(refused.contains("nothing was changed"))
        try terminal.type("b")
        try await terminal.waitFor("the list's prompt again") { $0.components(separatedBy: "tracker>").count > 2 }
        try terminal.type("q")
        #expect(try await terminal.waitFor("SESSION-OVER").contains("exit 0"))

        let json = try tracker.run(["show", "1", "--json", "priority,dueOn,parent,blockedBy"]).stdout
        #expect(json.contains("\"priority\":\"P1\"") && json.contains("\"dueOn\":\"2030-01-31\""), "\(json)")
        #expect(json.contains("\"parent\":{\"number\":2}") && json.contains("\"blockedBy\":[{\"number\":3}]"))
    }
}
