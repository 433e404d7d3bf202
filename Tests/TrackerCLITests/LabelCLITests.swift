import ChildProcesses
import Foundation
import Testing
import TrackerTestSupport

/// `tracker label …` and labels on create, edit, list and show, through the built binary:
/// every refusal is one line, exit 65 (64 for usage), and changes nothing.
@Suite struct LabelCLITests {
    /// alice and bob, issues #1–#3, and the labels bug (red) and ui.
    static func tracker() async throws -> TrackerProcess {
        let tracker = try await LifecycleCLITests.tracker()
        let bug = try tracker.run([
            "label", "create", "bug", "--color", "D73A4A", "--description", "Something is broken",
        ])
        #expect(bug.status == 0 && bug.stdout == "Created label 'bug' (#d73a4a)\n", "\(bug.stderr)")
        #expect(try tracker.run(["label", "create", "ui"]).status == 0)
        return tracker
    }

    func json(_ tracker: TrackerProcess, _ arguments: [String]) throws -> Any {
        let outcome = try tracker.run(arguments)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        return try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8))
    }

    func labels(_ tracker: TrackerProcess, _ number: Int) throws -> [String] {
        let issue = try json(tracker, ["show", "\(number)", "--json", "labels"]) as? [String: Any]
        return (issue?["labels"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
    }

    func numbers(_ tracker: TrackerProcess, _ arguments: [String]) throws -> [Int] {
        (try json(tracker, ["list"] + arguments + ["--json", "number"]) as? [[String: Any]] ?? [])
            .compactMap { $0["number"] as? Int }
    }

    @Test func createListEditAndDelete() async throws {
        let tracker = try await Self.tracker()
        let listed = try json(tracker, ["label", "list", "--json"]) as? [[String: String]]
        #expect(listed?.first == ["name": "bug", "color": "d73a4a", "description": "Something is broken"])
        #expect(listed?.map { $0["name"] } == ["bug", "ui"])
        #expect(listed?.last?["color"]?.count == 6, "a colour is picked when none is given")

        var atTerminal = tracker
        atTerminal.environment["TRACKER_FORCE_TTY"] = "100"
        let table = try atTerminal.run(["label", "list"]).stdout
        #expect(table.hasPrefix("NAME  DESCRIPTION          COLOR\nbug   Something is broken  #d73a4a\n"))
        #expect(try tracker.run(["label", "list"]).stdout.hasPrefix("bug\tSomething is broken\t#d73a4a\nui\t\t#"))
        #expect(try tracker.run(["label", "list", "--search", "BROKEN"]).stdout.contains("bug"))
        #expect(try atTerminal.run(["label", "list", "--search", "nothing"]).stdout == "No labels match.\n")
        let piped = try tracker.run(["label", "list", "--search", "nothing"])
        #expect(piped.stdout.isEmpty && piped.stderr == "No labels match.\n")

        let edited = try tracker.run(["label", "edit", "bug", "--name", "defect", "--color", "#00ff00"])
        #expect(edited.status == 0 && edited.stdout == "Edited label 'defect'\n", "\(edited.stderr)")
        let renamed = try json(tracker, ["label", "list", "--json", "--search", "defect"]) as? [[String: String]]
        #expect(renamed == [["name": "defect", "color": "00ff00", "description": "Something is broken"]])
        #expect(try tracker.run(["label", "edit", "defect", "--description", ""]).status == 0)
        let nothing = try tracker.run(["label", "edit", "defect"])
        #expect(nothing.status == 65 && nothing.stderr.contains("nothing to change"))
    }

    @Test(arguments: [
        (["label", "create", "BUG"], "tracker: invalid label name: 'BUG' is already taken"),
        (["label", "create", "x", "--color", "red"], "tracker: invalid color: 'red' is not a colour"),
        (["label", "create", "x", "--color", "12345g"], "tracker: invalid color: '12345g' is not a colour"),
        (["label", "create", String(repeating: "l", count: 51)], "is 51 characters, the limit is 50"),
        (["label", "create", "red \u{1B}[31m"], "control characters"),
        (["label", "create", "   "], "tracker: invalid label name: cannot be empty"),
        (["label", "create", "x", "--description", String(repeating: "d", count: 101)], "the limit is 100"),
        (["label", "edit", "ui", "--name", "Bug"], "is already taken"),
        (["label", "edit", "bgu", "--color", "000000"], "tracker: no label 'bgu': did you mean 'bug'?"),
        (["create", "--title", "t", "--label", "bgu"], "tracker: no label 'bgu': did you mean 'bug'?"),
        (["edit", "1", "--add-label", "bgu"], "tracker: no label 'bgu': did you mean 'bug'?"),
        (["edit", "1", "--remove-label", "Bgu"], "tracker: no label 'Bgu': did you mean 'bug'?"),
        (["list", "--label", "bgu"], "tracker: no label 'bgu': did you mean 'bug'?"),
        (["edit", "1", "--add-label", "bug", "--remove-label", "BUG"], "is both added and removed"),
    ])
    func refusalsAreOneLineAndChangeNothing(_ arguments: [String], _ expected: String) async throws {
        let tracker = try await Self.tracker()
        let outcome = try tracker.run(arguments)
        #expect(outcome.status == 65, "\(outcome.stderr)")
        #expect(outcome.stderr.contains(expected), "\(outcome.stderr)")
        #expect(outcome.stderr.split(separator: "\n").count == 1 && outcome.stdout.isEmpty)
        #expect(try numbers(tracker, []) == [3, 2, 1], "no issue was created")
        #expect(try labels(tracker, 1).isEmpty)
        let names = (try json(tracker, ["label", "list", "--json"]) as? [[String: String]])?.compactMap { $0["name"] }
        #expect(names == ["bug", "ui"])
    }

    @Test func issuesAreLabelledOnCreateAndEditAndListedByEveryLabel() async throws {
        let tracker = try await Self.tracker()
        let created = try tracker.run(["create", "--title", "Button is red", "--label", "ui", "--label", "BUG"])
        #expect(created.status == 0 && created.stdout == "Created issue #4\n", "\(created.stderr)")
        #expect(try labels(tracker, 4) == ["bug", "ui"])
        #expect(
            try tracker.run(["edit", "1", "2", "--add-label", "bug"]).stdout == "Edited issue #1\nEdited issue #2\n")
        #expect(try tracker.run(["edit", "2", "--add-label", "ui", "--remove-label", "bug"]).status == 0)
        #expect(try numbers(tracker, ["--label", "bug"]) == [4, 1])
        #expect(try numbers(tracker, ["--label", "bug", "--label", "ui"]) == [4])
        #expect(try numbers(tracker, ["--label", "ui"]) == [4, 2])

        let kinds = (try json(tracker, ["show", "2", "--json", "events"]) as? [String: Any])
            .flatMap { $0["events"] as? [[String: Any]] }?.map { "\($0["kind"] ?? "") \($0["label"] ?? "")" }
        #expect(kinds == ["created ", "labeled bug", "unlabeled bug", "labeled ui"])
        let shown = try tracker.run(["show", "4"]).stdout
        #expect(shown.contains("\nLabels: bug, ui\nMilestone: none\n"), "\(shown)")
        #expect(shown.contains("tester added the \"ui\" label"))
        var terminal = tracker
        terminal.environment["TRACKER_FORCE_TTY"] = "120"
        let table = try terminal.run(["list"]).stdout
        #expect(table.contains("LABELS") && table.contains("bug, ui"))
        #expect(try tracker.run(["list"]).stdout.contains("\tbug, ui\t"), "a pipe gets the labels as one field")
        let listed = try json(tracker, ["list", "--label", "ui", "--json", "number,labels"]) as? [[String: Any]]
        let first = listed?.first?["labels"] as? [[String: String]]
        #expect(first?.first == ["name": "bug", "color": "d73a4a", "description": "Something is broken"])
    }

    @Test func editingSeveralIssuesIsAllOrNothingWhenALabelIsUnknown() async throws {
        let tracker = try await Self.tracker()
        let outcome = try tracker.run(["edit", "1", "2", "3", "--add-label", "bug", "--add-label", "uii"])
        #expect(outcome.status == 65 && outcome.stderr == "tracker: no label 'uii': did you mean 'ui'?\n")
        for number in 1...3 { #expect(try labels(tracker, number).isEmpty) }
        let missing = try tracker.run(["edit", "1", "9", "--add-label", "bug"])
        #expect(missing.status == 65 && missing.stderr.contains("#9 does not exist"))
        #expect(try labels(tracker, 1).isEmpty)
    }

    @Test func deletingNeedsYesAndRecordsUnlabeledOnEveryTimeline() async throws {
        let tracker = try await Self.tracker()
        #expect(try tracker.run(["edit", "1", "3", "--add-label", "bug"]).status == 0)
        let unconfirmed = try tracker.run(["label", "delete", "bug"])
        #expect(unconfirmed.status == 64)
        #expect(unconfirmed.stderr.contains("add --yes") && unconfirmed.stderr.split(separator: "\n").count == 1)
        #expect(try labels(tracker, 1) == ["bug"])

        let deleted = try tracker.run(["label", "delete", "BUG", "--yes"])
        #expect(deleted.stdout == "Deleted label 'bug' (removed from 2 issues)\n", "\(deleted.stderr)")
        for number in [1, 3] {
            let events = (try json(tracker, ["show", "\(number)", "--json", "events"]) as? [String: Any])?["events"]
            let last = (events as? [[String: Any]])?.last
            #expect(last?["kind"] as? String == "unlabeled" && last?["label"] as? String == "bug")
        }
        #expect(try labels(tracker, 1).isEmpty)
        let gone = try tracker.run(["label", "delete", "bug", "--yes"])
        #expect(gone.status == 65 && gone.stderr.hasPrefix("tracker: no label 'bug'"))
        #expect(
            try tracker.run(["label", "delete", "ui", "--yes"]).stdout == "Deleted label 'ui' (removed from 0 issues)\n"
        )
    }

    @Test func pipesAndNoColorGetPlainTextAndATerminalGetsTheLabelsColour() async throws {
        var tracker = try await Self.tracker()
        #expect(try tracker.run(["edit", "1", "--add-label", "bug"]).status == 0)
        tracker.environment.removeValue(forKey: "NO_COLOR")
        tracker.environment["COLORTERM"] = "truecolor"
        for arguments in [["list"], ["show", "1"], ["label", "list"]] {
            #expect(!(try tracker.run(arguments).stdout.contains("\u{1B}")), "a pipe gets plain text: \(arguments)")
        }
        let coloured = try terminal(tracker, "show 1")
        #expect(coloured.contains("Labels: \u{1B}[38;2;215;58;74mbug\u{1B}[0m"), "\(coloured)")
        tracker.environment["COLORTERM"] = ""
        #expect(try terminal(tracker, "label list").contains("\u{1B}[38;5;167mbug\u{1B}[0m"))
        tracker.environment["NO_COLOR"] = "1"
        tracker.environment["PAGER"] = "cat"  // less would add its own terminal sequences
        #expect(!(try terminal(tracker, "show 1").contains("\u{1B}[")))
    }

    /// The command on a pseudo-terminal (util-linux `script`).
    func terminal(_ tracker: TrackerProcess, _ command: String) throws -> String {
        let outcome = try ChildProcess.run(
            "/usr/bin/script", ["-qec", "\(TrackerProcess.binary.path) \(command)", "/dev/null"],
            environment: tracker.environment, stdin: Data())
        #expect(outcome.status == 0)
        return String(decoding: outcome.stdout, as: UTF8.self)
    }
}
