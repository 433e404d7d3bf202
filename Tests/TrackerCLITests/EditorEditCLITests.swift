import ChildProcesses
import Foundation
import Testing
import TrackerTestSupport

/// `tracker edit N` and `tracker comment N` through `$EDITOR` on a real pseudo-terminal, and two
/// people editing the same issue at once: exactly one wins, the other keeps their text.
@Suite struct EditorEditCLITests {
    func issue(_ tracker: TrackerProcess, _ number: Int) throws -> [String: Any] {
        let shown = try tracker.run(["show", "\(number)", "--json", "title,body,events,comments"])
        return try #require(try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any])
    }

    func kinds(_ issue: [String: Any]) -> [String] {
        (issue["events"] as? [[String: Any]] ?? []).compactMap { $0["kind"] as? String }
    }

    func draft(_ tracker: TrackerProcess, _ name: String) -> URL {
        URL(fileURLWithPath: tracker.environment["XDG_STATE_HOME"]!).appending(path: "tracker/\(name)")
    }

    @Test func anUnchangedFileChangesNothingAndAChangedOneIsSaved() async throws {
        let tracker = try await LifecycleCLITests.tracker()
        let session = try EditorSession()
        let unchanged = try session.run(tracker, ["edit", "1"], editor: "true")
        #expect(unchanged.status == 0, "\(unchanged.screen)")
        #expect(unchanged.screen.contains("No changes to issue #1"))
        #expect(kinds(try issue(tracker, 1)) == ["created"])

        let rewrite = try session.editor(
            "rewrite",
            """
            test "$(cat "$1")" = "$(printf 'Login fails\\n\\n')" || exit 3
            printf 'Login fails with an empty password\\n\\nSteps:\\n1. leave it empty\\n' > "$1"
            """)
        let changed = try session.run(tracker, ["edit", "1"], editor: rewrite)
        #expect(changed.status == 0, "\(changed.screen)")
        #expect(changed.screen.contains("Edited issue #1"))
        let edited = try issue(tracker, 1)
        #expect(edited["title"] as? String == "Login fails with an empty password")
        #expect(edited["body"] as? String == "Steps:\n1. leave it empty", "the editor's last line break is not kept")
        #expect(kinds(edited) == ["created", "renamed", "edited"])

        let again = try session.run(tracker, ["edit", "1"], editor: "true")
        #expect(again.screen.contains("No changes to issue #1"), "the body read back is the body written")
    }

    @Test func anEmptyTitleLineIsRefusedAndTheTextKept() async throws {
        let tracker = try await LifecycleCLITests.tracker()
        let session = try EditorSession()
        let untitled = try session.editor("untitled", "printf '\\n\\nA body without a title\\n' > \"$1\"")
        let outcome = try session.run(tracker, ["edit", "2"], editor: untitled)
        #expect(outcome.status == 65)
        #expect(outcome.screen.contains("first line is empty") && outcome.screen.contains("tracker edit 2 --recover"))
        #expect(kinds(try issue(tracker, 2)) == ["created"])
        let kept = try Data(contentsOf: draft(tracker, "draft-edit-2.json"))
        #expect(String(decoding: kept, as: UTF8.self).contains("A body without a title"))

        let titled = try session.editor(
            "titled",
            """
            grep -q 'A body without a title' "$1" || exit 3
            printf 'Crash on start\\n\\nA body without a title\\n' > "$1"
            """)
        let recovered = try session.run(tracker, ["edit", "2", "--recover"], editor: titled)
        #expect(recovered.status == 0 && recovered.screen.contains("Edited issue #2"), "\(recovered.screen)")
        #expect(try issue(tracker, 2)["body"] as? String == "A body without a title")
        #expect(!FileManager.default.fileExists(atPath: draft(tracker, "draft-edit-2.json").path))
    }

    @Test func twoEditorsAtOnceOneWinsAndTheOtherKeepsItsText() async throws {
        let tracker = try await LifecycleCLITests.tracker()
        let session = try EditorSession()
        let opened = session.flag("slow-opened").path
        let go = session.flag("go").path
        let slow = try session.editor(
            "slow",
            """
            : > '\(opened)'
            tries=0
            while [ ! -e '\(go)' ] && [ $tries -lt 400 ]; do sleep 0.05; tries=$((tries + 1)); done
            printf 'Login fails (slow)\\n\\nWritten slowly\\n' > "$1"
            """)
        let fast = try session.editor("fast", "printf 'Login fails (fast)\\n\\nWritten fast\\n' > \"$1\"")

        let slowRun = try session.start(tracker, ["edit", "1"], editor: slow, stdin: Data("n\n".utf8))
        #expect(try await session.waitFor("slow-opened"), "the slow editor opened")
        let fastOutcome = try session.run(tracker, ["edit", "1"], editor: fast)
        #expect(fastOutcome.status == 0 && fastOutcome.screen.contains("Edited issue #1"), "\(fastOutcome.screen)")
        _ = FileManager.default.createFile(atPath: go, contents: nil)
        let slowOutcome = EditorSession.outcome(try slowRun.wait())

        #expect(slowOutcome.status == 75, "\(slowOutcome.screen)")
        #expect(slowOutcome.screen.contains("What they changed:"), "their change is shown before asking")
        #expect(slowOutcome.screen.contains("-Written fast") == false && slowOutcome.screen.contains("+Written fast"))
        let line = slowOutcome.screen.split(separator: "\n").filter { $0.hasPrefix("tracker:") }
        #expect(line.count == 1, "one line says the conflict: \(slowOutcome.screen)")
        #expect(slowOutcome.screen.contains("the title (\"Login fails\" → \"Login fails (fast)\")"))
        #expect(slowOutcome.screen.contains("the body (1 → 1 lines)") || slowOutcome.screen.contains("the body"))
        #expect(slowOutcome.screen.contains("kept") && slowOutcome.screen.contains("tracker edit 1 --recover"))
        #expect(try issue(tracker, 1)["title"] as? String == "Login fails (fast)", "the winner's text stands")
        let kept = try Data(contentsOf: draft(tracker, "draft-edit-1.json"))
        #expect(String(decoding: kept, as: UTF8.self).contains("Written slowly"))

        let recovered = try tracker.run(["edit", "1", "--recover"])
        #expect(recovered.status == 0 && recovered.stdout == "Edited issue #1\n", "\(recovered.stderr)")
        let final = try issue(tracker, 1)
        #expect(final["title"] as? String == "Login fails (slow)")
        #expect(final["body"] as? String == "Written slowly")
        #expect(kinds(final) == ["created", "renamed", "edited", "renamed", "edited"])
        #expect(!FileManager.default.fileExists(atPath: draft(tracker, "draft-edit-1.json").path))
        #expect(try tracker.run(["edit", "1", "--recover"]).status == 65, "the draft is gone once applied")
    }

    /// An editor that waits for `go` before writing `text`, and the edit it belongs to, opened.
    func slowEdit(
        _ tracker: TrackerProcess, _ session: EditorSession, writing text: String, typing: String
    ) async throws -> (run: ChildProcess.Running, go: String) {
        let opened = session.flag("opened").path
        let go = session.flag("go").path
        let editor = try session.editor(
            "slow",
            """
            : > '\(opened)'
            tries=0
            while [ ! -e '\(go)' ] && [ $tries -lt 400 ]; do sleep 0.05; tries=$((tries + 1)); done
            printf '%s' '\(text)' > "$1"
            """)
        let run = try session.start(tracker, ["edit", "1"], editor: editor, stdin: Data(typing.utf8))
        #expect(try await session.waitFor("opened"), "the editor opened")
        return (run, go)
    }

    /// Someone saved meanwhile: `tracker edit` shows their change, and `y` keeps both people's
    /// edits where they touch different lines.
    @Test func aConflictAtATerminalShowsTheirChangeAndYesMergesDifferentLines() async throws {
        let tracker = try await LifecycleCLITests.tracker()
        #expect(try tracker.run(["edit", "1", "--body", "one\ntwo\nthree\nfour"]).status == 0)
        let (run, go) = try await slowEdit(
            tracker, try EditorSession(), writing: "Login fails\n\none\nTWO (mine)\nthree\nfour\n", typing: "y\n")
        #expect(try tracker.run(["--as", "bob", "edit", "1", "--body", "one\ntwo\nthree\nFOUR (bob)"]).status == 0)
        _ = FileManager.default.createFile(atPath: go, contents: nil)
        let outcome = EditorSession.outcome(try run.wait())
        #expect(outcome.status == 0, "\(outcome.screen)")
        #expect(outcome.screen.contains("What they changed:") && outcome.screen.contains("+FOUR (bob)"))
        #expect(outcome.screen.contains("Merge your edit with theirs") && outcome.screen.contains("Edited issue #1"))
        #expect(try issue(tracker, 1)["body"] as? String == "one\nTWO (mine)\nthree\nFOUR (bob)")
    }

    /// Both changed one line: the person is asked about it alone; the text their choice drops is
    /// kept as a version of the history.
    @Test func aLineBothChangedIsAskedAndTheDroppedTextIsAVersion() async throws {
        let tracker = try await LifecycleCLITests.tracker()
        #expect(try tracker.run(["edit", "1", "--body", "one\ntwo\nthree"]).status == 0)
        let (run, go) = try await slowEdit(
            tracker, try EditorSession(), writing: "Login fails\n\none\nTWO mine\nthree\n", typing: "y\nt\n")
        #expect(try tracker.run(["--as", "bob", "edit", "1", "--body", "one\nTWO bob\nthree"]).status == 0)
        _ = FileManager.default.createFile(atPath: go, contents: nil)
        let outcome = EditorSession.outcome(try run.wait())
        #expect(outcome.status == 0, "\(outcome.screen)")
        #expect(outcome.screen.contains("You both changed these lines"), "\(outcome.screen)")
        #expect(try issue(tracker, 1)["body"] as? String == "one\nTWO bob\nthree")
        let history = try tracker.run(["show", "1", "--history", "--json"])
        let versions = try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]] ?? []
        #expect(versions.contains { $0["body"] as? String == "one\nTWO mine\nthree" }, "\(history.stdout)")
    }

    /// The person changed only the title while a teammate saved a new body: recovering the kept
    /// edit applies the title over the issue as it is now, and the teammate's body stands.
    @Test func recoveringAKeptEditAppliesOnlyWhatThePersonChanged() async throws {
        let tracker = try await LifecycleCLITests.tracker()
        #expect(try tracker.run(["edit", "1", "--body", "original body"]).status == 0)
        let session = try EditorSession()
        let opened = session.flag("slow-opened").path
        let go = session.flag("go").path
        let retitle = try session.editor(
            "retitle",
            """
            : > '\(opened)'
            tries=0
            while [ ! -e '\(go)' ] && [ $tries -lt 400 ]; do sleep 0.05; tries=$((tries + 1)); done
            printf 'Login fails on Mondays\\n\\noriginal body\\n' > "$1"
            """)
        let slowRun = try session.start(tracker, ["edit", "1"], editor: retitle, stdin: Data("n\n".utf8))
        #expect(try await session.waitFor("slow-opened"), "the editor opened")
        #expect(try tracker.run(["--as", "bob", "edit", "1", "--body", "bob's important fix"]).status == 0)
        _ = FileManager.default.createFile(atPath: go, contents: nil)
        #expect(EditorSession.outcome(try slowRun.wait()).status == 75)

        let recovered = try tracker.run(["edit", "1", "--recover"])
        #expect(recovered.status == 0, "\(recovered.stderr)")
        let final = try issue(tracker, 1)
        #expect(final["title"] as? String == "Login fails on Mondays")
        #expect(final["body"] as? String == "bob's important fix", "the teammate's body is not reverted")
        #expect(kinds(final) == ["created", "edited", "edited", "renamed"])
    }

    @Test func aCommentIsWrittenAndEditedInTheEditor() async throws {
        let tracker = try await LifecycleCLITests.tracker()
        let session = try EditorSession()
        let write = try session.editor("write", "printf 'Seen it too, @alice\\n' > \"$1\"")
        let added = try session.run(tracker, ["comment", "1"], editor: write)
        #expect(added.status == 0 && added.screen.contains("Commented on issue #1 (comment 1)"), "\(added.screen)")
        let unchanged = try session.run(tracker, ["comment", "edit", "1"], editor: "true")
        #expect(unchanged.screen.contains("No changes to comment 1"), "\(unchanged.screen)")
        let reword = try session.editor("reword", "sed -i 's/too/as well/' \"$1\"")
        let edited = try session.run(tracker, ["comment", "edit", "1"], editor: reword)
        #expect(edited.screen.contains("Edited comment 1 on issue #1"), "\(edited.screen)")
        let comments = try #require(try issue(tracker, 1)["comments"] as? [[String: Any]])
        #expect(comments.compactMap { $0["body"] as? String } == ["Seen it as well, @alice"])
        let empty = try session.run(tracker, ["comment", "2"], editor: "true")
        #expect(empty.status == 65 && empty.screen.contains("cannot be empty"), "\(empty.screen)")
    }

    @Test func ghsEditorFlagOpensTheEditorAndRefusesTextBesideIt() async throws {
        let tracker = try await LifecycleCLITests.tracker()
        let session = try EditorSession()
        let write = try session.editor("write", "printf 'Through -e\\n' > \"$1\"")
        let added = try session.run(tracker, ["comment", "1", "-e"], editor: write)
        #expect(added.status == 0 && added.screen.contains("Commented on issue #1 (comment 1)"), "\(added.screen)")
        let retitle = try session.editor("retitle", "sed -i '1s/.*/Retitled with -e/' \"$1\"")
        let edited = try session.run(tracker, ["edit", "1", "--editor"], editor: retitle)
        #expect(edited.status == 0, "\(edited.screen)")
        #expect(try issue(tracker, 1)["title"] as? String == "Retitled with -e")
        let both = try tracker.run(["comment", "1", "-e", "-b", "typed"])
        #expect(both.status == 64 && both.stderr.contains("--editor"))
        let fields = try tracker.run(["edit", "1", "-e", "-t", "typed"])
        #expect(fields.status == 64 && fields.stderr.contains("--editor"))
    }
}
