import Foundation
import Testing
import TrackerTestSupport

/// Issue 33 at a terminal (tmux) and through the screens' piped input: `create` asks what is
/// missing, `-e` and `edit` find an editor when none is named, and the screens' rough edges
/// (milestone numbers, `none` in the picker, a bad due date, help that breaks between items).
@Suite struct GhTerminalTests {
    let terminal = TmuxSession()

    func tracker() async throws -> TrackerProcess {
        var tracker = try await CLITests.tracker()
        tracker.environment.removeValue(forKey: "VISUAL")
        tracker.environment.removeValue(forKey: "EDITOR")
        return tracker
    }

    /// A program called `name` in a folder of its own that writes `text` over the file it is given.
    func editorProgram(named name: String, writing text: String) throws -> URL {
        let scratch =
            ProcessInfo.processInfo.environment["TRACKER_TEST_TMPDIR"] ?? FileManager.default.temporaryDirectory.path
        let folder = URL(fileURLWithPath: scratch).appending(path: "editors-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let program = folder.appending(path: name)
        try Data("#!/bin/sh\nprintf '\(text)' > \"$1\"\n".utf8).write(to: program)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: program.path)
        return folder
    }

    @Test func createAtATerminalAsksForTheTitleThenOpensTheEditor() async throws {
        var tracker = try await tracker()
        let folder = try editorProgram(named: "write-body", writing: "Written in the editor\\n")
        tracker.environment["EDITOR"] = folder.appending(path: "write-body").path
        defer { terminal.stop() }
        try terminal.start(tracker, ["create"])
        try await terminal.waitFor("Title:")
        try terminal.type("Asked for at the prompt")
        try await terminal.waitFor("Choose assignees?")
        try terminal.type("n")
        try await terminal.waitFor("Create this issue?")
        try terminal.type("y")
        let done = try await terminal.waitFor("SESSION-OVER")
        #expect(done.contains("Created issue #1") && done.contains("exit 0"), "\(done)")
        let issue = try tracker.run(["show", "1", "--json", "title,body"]).stdout
        #expect(issue.contains("\"title\":\"Asked for at the prompt\""), "\(issue)")
        #expect(issue.contains("Written in the editor"), "\(issue)")
    }

    /// `-e`, and `edit N` with no `$EDITOR`: `editor`, `nano` or `vi` from `PATH`, as git.
    @Test func theEditorFallsBackToEditorNanoOrVi() async throws {
        var tracker = try await tracker()
        let folder = try editorProgram(named: "editor", writing: "From the fallback\\n\\nIts body\\n")
        tracker.environment["PATH"] = folder.path + ":" + (tracker.environment["PATH"] ?? "/usr/bin:/bin")
        defer { terminal.stop() }
        try terminal.start(tracker, ["create", "-e"])
        let created = try await terminal.waitFor("SESSION-OVER")
        #expect(created.contains("Created issue #1") && created.contains("exit 0"), "\(created)")
        #expect(
            try tracker.run(["show", "1", "--json", "title,body"]).stdout
                == "{\"body\":\"Its body\",\"title\":\"From the fallback\"}\n")
        let second = TmuxSession()
        defer { second.stop() }
        let renamed = try editorProgram(named: "editor", writing: "Renamed by editor\\n")
        tracker.environment["PATH"] = renamed.path + ":" + (tracker.environment["PATH"] ?? "")
        try second.start(tracker, ["edit", "1"])
        let edited = try await second.waitFor("SESSION-OVER")
        #expect(edited.contains("Edited issue #1"), "\(edited)")
        #expect(try tracker.run(["list", "--json", "title", "-q", ".[0].title"]).stdout == "Renamed by editor\n")
        let piped = try tracker.run(["create", "-t", "x", "-e"])
        #expect(piped.status == 64 && piped.stderr.contains("at a terminal"), "\(piped.stderr)")
    }

    @Test func theMilestonesScreenShowsTheNumbersTheCommandsTake() async throws {
        let tracker = try await tracker()
        for title in ["v1.0", "Sprint 12", "Sprint 13"] {
            #expect(try tracker.run(["milestone", "create", title]).status == 0)
        }
        #expect(try tracker.run(["milestone", "close", "1"]).status == 0)
        // Open first, so Sprint 12 is the first row; it keeps its number 2, as the commands say it.
        let screen = try tracker.run([], stdin: "3\nc 2\nq\n").stdout
        #expect(screen.contains("Closed milestone 'Sprint 12'"), "\(screen)")
        let piped = try tracker.run(["milestone", "list", "--state", "all"]).stdout
        #expect(piped.contains("2\tSprint 12\tCLOSED") && piped.contains("3\tSprint 13\tOPEN"), "\(piped)")
        let rows = screen.split(separator: "\n").filter { $0.hasPrefix("2 ") || $0.hasPrefix("3 ") }
        #expect(rows.contains { $0.contains("Sprint 12") } && rows.contains { $0.contains("Sprint 13") }, "\(screen)")
    }

    @Test func aBadDueDateIsRefusedBeforeTheDescriptionAndNothingIsLost() async throws {
        let tracker = try await tracker()
        let screen = try tracker.run([], stdin: "3\nn\nSprint 14\n2026-02-30\n2026-03-01\nThe plan\nq\n").stdout
        #expect(screen.contains("2026-02-30"), "the bad date is named: \(screen)")
        let prompts = screen.components(separatedBy: "Due date (YYYY-MM-DD, Enter for none): ").count - 1
        #expect(prompts == 2, "asked again, the title kept: \(screen)")
        #expect(screen.contains("Created milestone 'Sprint 14'"), "\(screen)")
        let made = try tracker.run(["milestone", "list", "--json", "title,dueOn,description"]).stdout
        #expect(made.contains("\"description\":\"The plan\"") && made.contains("2026-03-01T00:00:00Z"), "\(made)")
    }

    @Test func noneInTheMilestonePickerRemovesTheMilestone() async throws {
        let tracker = try await tracker()
        #expect(try tracker.run(["milestone", "create", "v1.0"]).status == 0)
        #expect(try tracker.run(["create", "-t", "In a milestone", "-m", "v1.0"]).status == 0)
        let screen = try tracker.run([], stdin: "v 1\nm\nnone\ndone\nb\nq\n").stdout
        #expect(screen.contains("No milestone is chosen now: done saves that"), "\(screen)")
        #expect(screen.contains("Milestone of issue #1: removed v1.0"), "\(screen)")
        #expect(try tracker.run(["show", "1", "--json", "milestone"]).stdout == "{\"milestone\":null}\n")
    }

    @Test func theScreensWordTheirOwnKeysAndBreakHelpBetweenItems() async throws {
        var tracker = try await tracker()
        #expect(try tracker.run(["create", "-t", "Quiet"]).status == 0)
        tracker.environment["TRACKER_FORCE_TTY"] = "100"
        let screen = try tracker.run([], stdin: "?\nv 1\nb\nq\n").stdout
        #expect(screen.contains("No comments yet (c adds one)"), "\(screen)")
        #expect(!screen.contains("tracker comment 1 adds one"))
        // Piped, the prompt stays on the line the help starts on; a person's Enter ends that line.
        let lines = screen.split(separator: "\n").map { $0.hasPrefix("tracker> ") ? $0.dropFirst(9) : $0 }
        let help = lines.drop { !$0.hasPrefix("n new") }.prefix { !$0.isEmpty && !$0.hasPrefix("[") }
        #expect(help.count >= 2, "\(screen)")
        for line in help { #expect(line.count <= 100, "wider than the terminal: \(line)") }
        #expect(
            help.contains { $0.hasPrefix("f assignee:@me state:closed author:LOGIN") }, "an item is never cut: \(help)")
        #expect(help.contains { $0.hasSuffix("? help · q quit") })
        #expect(
            try tracker.run(["show", "1", "--comments", "--no-pager"]).stdout.contains("tracker comment 1 adds one"))
    }
}
