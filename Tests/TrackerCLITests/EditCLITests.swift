import Foundation
import Testing
import TrackerTestSupport

/// `tracker edit` with flags, through the built binary: title, body, assignees on several issues
/// (all or nothing), and every refusal changing nothing.
@Suite struct EditCLITests {
    func object(
        _ tracker: TrackerProcess, _ number: Int, _ fields: String = "title,body,assignees,events"
    )
        throws -> [String: Any]
    {
        let shown = try tracker.run(["show", "\(number)", "--json", fields])
        return try #require(try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any])
    }

    func assignees(_ tracker: TrackerProcess, _ number: Int) throws -> [String] {
        (try object(tracker, number)["assignees"] as? [[String: String]] ?? []).compactMap { $0["login"] }
    }

    func kinds(_ tracker: TrackerProcess, _ number: Int) throws -> [String] {
        (try object(tracker, number)["events"] as? [[String: Any]] ?? []).compactMap { $0["kind"] as? String }
    }

    @Test func titleBodyAndAssigneesAreEditedAndShownInTheTimeline() async throws {
        let tracker = try await LifecycleCLITests.tracker()
        let renamed = try tracker.run(["edit", "1", "--title", "Login fails on empty password"])
        #expect(renamed.status == 0 && renamed.stdout == "Edited issue #1\n" && renamed.stderr.isEmpty)
        #expect(try tracker.run(["edit", "#1", "--body", "Steps: leave it empty"]).stdout == "Edited issue #1\n")
        let assigned = try tracker.run(["edit", "1", "--add-assignee", "alice,@me", "--add-assignee", "bob"])
        #expect(assigned.stdout == "Edited issue #1\n", "\(assigned.stderr)")
        #expect(try assignees(tracker, 1) == ["alice", "bob", "tester"])
        #expect(try tracker.run(["edit", "1", "--remove-assignee", "bob", "--remove-assignee", "@me"]).status == 0)
        #expect(try assignees(tracker, 1) == ["alice"])

        let issue = try object(tracker, 1)
        #expect(issue["title"] as? String == "Login fails on empty password")
        #expect(issue["body"] as? String == "Steps: leave it empty")
        let events = try #require(issue["events"] as? [[String: Any]])
        #expect(events.compactMap { $0["kind"] as? String }.prefix(3) == ["created", "renamed", "edited"])
        #expect(events[1]["previousTitle"] as? String == "Login fails")
        #expect(events[1]["currentTitle"] as? String == "Login fails on empty password")

        let shown = try tracker.run(["show", "1"]).stdout
        #expect(shown.contains("#1 Login fails on empty password"))
        #expect(shown.contains("tester changed the title from \"Login fails\" to \"Login fails on empty password\""))
        #expect(shown.contains("tester edited the description"))
        #expect(shown.contains("Steps: leave it empty"))
    }

    @Test func theSameTextAgainChangesNothing() async throws {
        let tracker = try await LifecycleCLITests.tracker()
        #expect(try tracker.run(["edit", "2", "--title", "Crash on start"]).status == 0)
        #expect(try kinds(tracker, 2) == ["created"])
    }

    @Test func theBodyComesFromAFileOrStandardInput() async throws {
        let tracker = try await LifecycleCLITests.tracker()
        #expect(try tracker.run(["edit", "1", "--body-file", "-"], stdin: "from\nstdin\n").status == 0)
        #expect(try object(tracker, 1)["body"] as? String == "from\nstdin\n")
        let file = FileManager.default.temporaryDirectory.appending(path: "edit-\(UUID().uuidString).md")
        try "from a file".write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(try tracker.run(["edit", "1", "--body-file", file.path]).status == 0)
        #expect(try object(tracker, 1)["body"] as? String == "from a file")
    }

    @Test func severalIssuesGetAssigneesAllOrNothing() async throws {
        let tracker = try await LifecycleCLITests.tracker()
        let both = try tracker.run(["edit", "1", "2", "--add-assignee", "alice"])
        #expect(both.stdout == "Edited issue #1\nEdited issue #2\n")
        let missing = try tracker.run(["edit", "1", "3", "14", "--add-assignee", "bob", "--remove-assignee", "alice"])
        #expect(missing.status == 65)
        #expect(missing.stderr == "tracker: issue #14 does not exist; nothing was changed\n")
        #expect(try assignees(tracker, 1) == ["alice"] && assignees(tracker, 3).isEmpty)
        let unknown = try tracker.run(["edit", "1", "2", "--add-assignee", "alcie"])
        #expect(unknown.status == 65 && unknown.stderr == "tracker: no user 'alcie': did you mean alice?\n")
        let json = try tracker.run(["edit", "2", "3", "--add-assignee", "bob", "--json", "number,assignees"])
        let array = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(array.compactMap { $0["number"] as? Int } == [2, 3])
    }

    @Test func jsonPrintsTheEditedIssue() async throws {
        let tracker = try await LifecycleCLITests.tracker()
        let edited = try tracker.run(["edit", "3", "--title", "Typo in --help", "--json"])
        let issue = try #require(try JSONSerialization.jsonObject(with: Data(edited.stdout.utf8)) as? [String: Any])
        #expect(issue["number"] as? Int == 3 && issue["title"] as? String == "Typo in --help")
    }

    @Test(arguments: [
        (["edit", "1", "2", "--title", "Both at once"], "one issue at a time"),
        (["edit", "1", "--title", "red \u{1B}[31m"], "control characters"),
        (["edit", "1", "--title", String(repeating: "x", count: 257)], "256"),
        (["edit", "1", "--title", "  "], "title"),
        (["edit", "1", "--body", String(repeating: "b", count: 65_537)], "65536"),
        (["edit", "1", "--add-assignee", "bad_login"], "login"),
        (["edit", "1", "--add-assignee", "alice", "--remove-assignee", "alice"], "both added and removed"),
        (["edit", "14", "--title", "Nowhere"], "#14"),
        (["edit", "1", "--recover"], "no kept edit of issue #1"),
        (["edit", "x1", "--title", "t"], "issue number"),
    ])
    func badInputIsOneLineAndChangesNothing(_ arguments: [String], _ mentions: String) async throws {
        let tracker = try await LifecycleCLITests.tracker()
        let outcome = try tracker.run(arguments)
        #expect(outcome.status == 65, "\(outcome.stderr)")
        #expect(outcome.stderr.hasPrefix("tracker: ") && outcome.stderr.contains(mentions), "\(outcome.stderr)")
        #expect(outcome.stderr.split(separator: "\n").count == 1)
        #expect(outcome.stdout.isEmpty)
        for number in [1, 2] {
            let issue = try object(tracker, number)
            #expect(issue["title"] as? String == ["Login fails", "Crash on start"][number - 1])
            #expect(issue["body"] as? String == "" && (issue["assignees"] as? [Any])?.isEmpty == true)
            #expect((issue["events"] as? [Any])?.count == 1)
        }
    }

    @Test(arguments: [
        ["edit", "1"],
        ["edit"],
        ["edit", "1", "2"],
        ["edit", "1", "--body", "b", "--body-file", "-"],
        ["edit", "1", "--recover", "--title", "t"],
        ["edit", "1", "2", "--recover"],
        ["edit", "1", "--reason", "x"],
    ])
    func usageErrorsAreOneLineWith64(_ arguments: [String]) async throws {
        let tracker = try await LifecycleCLITests.tracker()
        let outcome = try tracker.run(arguments)
        #expect(outcome.status == 64, "\(arguments): \(outcome.stderr)")
        #expect(outcome.stderr.split(separator: "\n").count == 1, "\(outcome.stderr)")
        #expect(try kinds(tracker, 1) == ["created"])
    }

    @Test func withoutFlagsOffATerminalItSaysWhatToGive() async throws {
        let tracker = try await LifecycleCLITests.tracker()
        let outcome = try tracker.run(["edit", "1"])
        #expect(outcome.stderr.contains("--title") && outcome.stderr.contains("$EDITOR"))
    }
}
