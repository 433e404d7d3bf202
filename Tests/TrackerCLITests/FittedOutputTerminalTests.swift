import Foundation
import Testing
import TrackerTestSupport

/// What the commands print on a real terminal (tmux) of a given size: tables that fit it.
@Suite struct FittedOutputTerminalTests {
    let terminal = TmuxSession()
    static let team = ["alice", "bob", "carol", "dave", "erin", "frank"]

    static func tracker() async throws -> TrackerProcess {
        let tracker = try await CLITests.tracker()
        for login in team { try tracker.run(["users", "add", login]) }
        let title = "Login fails when the password is empty and the person presses enter twice"
        let created = try tracker.run(["create", "--title", title] + team.flatMap { ["--assignee", $0] })
        #expect(created.status == 0, "\(created.stderr)")
        try tracker.run(["create", "--title", "Crash on start", "--assignee", "bob"])
        return tracker
    }

    func printed(_ tracker: TrackerProcess, _ arguments: [String], columns: Int) async throws -> [String] {
        try await terminal.printed(tracker, arguments, columns: columns)
    }

    @Test func aNarrowTerminalGetsATableThatFitsWithAssigneesCounted() async throws {
        let tracker = try await Self.tracker()
        defer { terminal.stop() }
        let lines = try await printed(tracker, ["list"], columns: 60)
        #expect(lines.count == 3, "a header and two rows: \(lines)")
        #expect(lines[0].hasPrefix("#") && lines[0].contains("TITLE") && lines[0].contains("ASSIGNEES"))
        #expect(lines[2].hasPrefix("#1") && lines[2].contains("Login fails") && lines[2].contains("…"))
        #expect(lines[2].contains("alice +5"), "whole names and how many more: \(lines[2])")
        #expect(lines.allSatisfy { $0.count <= 60 }, "\(lines)")
    }

    @Test func showWrapsTheBodyAndCommentsAtWordBoundaries() async throws {
        let tracker = try await Self.tracker()
        let body =
            "Steps: open the login screen, leave the password empty, then press enter twice; "
            + "the second press shows a stack trace instead of the message that asks for a password."
        let comment = "Seen it too on the staging server, with a password manager that fills the field late."
        try tracker.run(["edit", "1", "--body", body])
        try tracker.run(["comment", "1", "--body", comment])
        defer { terminal.stop() }
        let lines = try await printed(tracker, ["show", "1", "--comments"], columns: 50)
        #expect(lines.allSatisfy { $0.count <= 50 }, "\(lines)")
        let words = Set(lines.flatMap { $0.split(separator: " ").map(String.init) })
        for word in (body + " " + comment).split(separator: " ") {
            #expect(words.contains(String(word)), "'\(word)' is whole on some line")
        }
        let commentStart = try #require(lines.firstIndex { $0.hasPrefix("  Seen it too") })
        #expect(lines[commentStart + 1].hasPrefix("  ") && !lines[commentStart + 1].hasPrefix("   "), "indented alike")
    }

    @Test func helpFitsTheTerminal() async throws {
        let tracker = try await CLITests.tracker()
        defer { terminal.stop() }
        let lines = try await printed(tracker, ["list", "--help"], columns: 50)
        #expect(lines.contains { $0.contains("--limit") }, "\(lines)")
        #expect(lines.count > 20 && lines.allSatisfy { $0.count <= 50 }, "\(lines)")
    }
}
