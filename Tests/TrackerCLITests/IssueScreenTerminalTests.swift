import Foundation
import Testing
import TrackerTestSupport

/// The issue screen's conversation in a real terminal (tmux) on a real PostgreSQL: `e` through
/// the person's `$EDITOR`, `c` by typed lines, each saved and shown.
@Suite struct IssueScreenTerminalTests {
    let terminal = TmuxSession()

    /// A tracker with issue 1 and no editor of the caller's.
    func tracker() async throws -> TrackerProcess {
        var tracker = try await CLITests.tracker()
        tracker.environment.removeValue(forKey: "VISUAL")
        tracker.environment.removeValue(forKey: "EDITOR")
        let created = try tracker.run(["create", "--title", "Crash on start", "--body", "Steps"])
        #expect(created.status == 0, "\(created.stderr)")
        return tracker
    }

    /// An `$EDITOR` that rewrites the first line (the title) of the file it is given.
    func editorRenaming(to title: String) throws -> String {
        let scratch =
            ProcessInfo.processInfo.environment["TRACKER_TEST_TMPDIR"] ?? FileManager.default.temporaryDirectory.path
        let script = URL(fileURLWithPath: scratch).appending(path: "rename-editor-\(UUID().uuidString.prefix(8)).sh")
        try Data("#!/bin/sh\nsed -i '1s/.*/\(title)/' \"$1\"\n".utf8).write(to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        return script.path
    }

    /// Opens the issue screen on issue 1.
    func openIssueOne(_ tracker: TrackerProcess) async throws {
        try terminal.start(tracker, ["--plain"])
        try await terminal.waitFor("tracker>")
        try terminal.type("v 1")
        try await terminal.waitFor("#1>")
    }

    /// Goes back to the list and quits; tracker ends well.
    func quit() async throws {
        try terminal.type("b")
        try await terminal.waitFor("the list's prompt again") { $0.components(separatedBy: "tracker>").count > 2 }
        try terminal.type("q")
        let after = try await terminal.waitFor("SESSION-OVER")
        #expect(after.contains("exit 0"))
    }

    func json(_ tracker: TrackerProcess, _ fields: String) throws -> [String: Any] {
        let shown = try tracker.run(["show", "1", "--json", fields])
        #expect(shown.status == 0, "\(shown.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any])
    }

    @Test func editingThroughTheEditorSavesAndShowsTheNewTitle() async throws {
        var tracker = try await tracker()
        tracker.environment["EDITOR"] = try editorRenaming(to: "Renamed in the editor")
        defer { terminal.stop() }
        try await openIssueOne(tracker)
        try terminal.type("e")
        let edited = try await terminal.waitFor("Edited issue #1")
        #expect(edited.contains("#1 Renamed in the editor"), "the issue is shown again")
        #expect(edited.contains("changed the title from \"Crash on start\" to \"Renamed in the editor\""))
        try await quit()

        let issue = try json(tracker, "title,body")
        #expect(issue["title"] as? String == "Renamed in the editor")
        #expect(issue["body"] as? String == "Steps", "the body the editor left alone is unchanged")
    }

    @Test func commentingByTypedLinesPostsAndShowsTheComment() async throws {
        let tracker = try await tracker()
        defer { terminal.stop() }
        try await openIssueOne(tracker)
        try terminal.type("c")
        try await terminal.waitFor("Comment (end with")
        try terminal.type("Seen it on a real terminal.")
        try terminal.type("")
        try terminal.type("Twice.")
        try terminal.type(".")
        let commented = try await terminal.waitFor("Commented on issue #1")
        #expect(commented.contains("tester commented just now (comment 1)"))
        #expect(commented.contains("  Seen it on a real terminal."))
        try await quit()

        let comments = try #require(try json(tracker, "comments")["comments"] as? [[String: Any]])
        #expect(comments.count == 1)
        #expect(comments.first?["body"] as? String == "Seen it on a real terminal.\n\nTwice.")
    }
}
