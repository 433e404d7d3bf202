import Foundation
import Testing
import TrackerTestSupport

/// assign, unassign, show, close, reopen and the list filters, through the built binary.
@Suite struct LifecycleCLITests {
    /// A database with users tester (the acting user), alice and bob, and issues #1–#3.
    static func tracker() async throws -> TrackerProcess {
        let tracker = try await CLITests.tracker()
        for name in ["alice", "bob"] { try tracker.run(["users", "add", name]) }
        for title in ["Login fails", "Crash on start", "Typo in help"] {
            #expect(try tracker.run(["create", "--title", title]).status == 0)
        }
        return tracker
    }

    func json(_ outcome: TrackerProcess.Outcome) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8))
    }

    func assignees(_ tracker: TrackerProcess, _ number: Int) throws -> [String] {
        let object = try #require(
            try json(try tracker.run(["show", "\(number)", "--json", "assignees"])) as? [String: Any])
        return (object["assignees"] as? [[String: String]] ?? []).compactMap { $0["login"] }
    }

    @Test func assignAndUnassign() async throws {
        let tracker = try await LifecycleCLITests.tracker()
        let assigned = try tracker.run(["assign", "1", "alice", "Bob"])
        #expect(assigned.status == 0)
        #expect(assigned.stdout == "Issue #1: alice, bob\n")
        #expect(try tracker.run(["assign", "1", "alice"]).status == 0, "already assigned is fine")
        let bulk = try tracker.run(["assign", "1", "2", "#3", "@me"])
        #expect(bulk.stdout.split(separator: "\n").count == 3)
        #expect(try assignees(tracker, 3) == ["tester"])
        #expect(try tracker.run(["unassign", "1", "bob", "tester"]).stdout == "Issue #1: alice\n")
        #expect(try tracker.run(["unassign", "1", "bob"]).status == 0, "not assigned is fine")
        #expect(try tracker.run(["unassign", "2", "--all"]).stdout == "Issue #2: no assignees\n")
    }

    @Test func bulkAssignWithAMissingIssueChangesNothing() async throws {
        let tracker = try await LifecycleCLITests.tracker()
        let outcome = try tracker.run(["assign", "1", "2", "14", "alice"])
        #expect(outcome.status == 65)
        #expect(outcome.stderr == "tracker: issue #14 does not exist; nothing was changed\n")
        #expect(try assignees(tracker, 1).isEmpty && assignees(tracker, 2).isEmpty)
    }

    @Test func assignErrorsAreOneLine() async throws {
        let tracker = try await LifecycleCLITests.tracker()
        let unknown = try tracker.run(["assign", "1", "alcie"])
        #expect(unknown.status == 65)
        #expect(unknown.stderr == "tracker: no user 'alcie': did you mean alice?\n")
        for words in [["assign", "alice"], ["assign", "0", "alice"], ["assign", "x1", "alice"], ["assign", "1"]] {
            let outcome = try tracker.run(words)
            #expect(outcome.status == 65, "\(words)")
            #expect(outcome.stderr.split(separator: "\n").count == 1)
        }
        let negative = try tracker.run(["assign", "-1", "alice"])
        #expect(negative.status == 64, "a negative number reads as an unknown option")
        #expect(negative.stderr.split(separator: "\n").count == 1)
        for index in 1...11 { try tracker.run(["users", "add", "dev\(index)"]) }
        #expect(try tracker.run(["assign", "1"] + (1...10).map { "dev\($0)" }).status == 0)
        let eleventh = try tracker.run(["assign", "1", "dev11"])
        #expect(eleventh.status == 65)
        #expect(eleventh.stderr.contains("#1") && eleventh.stderr.contains("limit is 10"))
        #expect(try assignees(tracker, 1).count == 10)
    }

    @Test func closeReopenAndTheTimeline() async throws {
        let tracker = try await LifecycleCLITests.tracker()
        try tracker.run(["assign", "1", "alice"])
        #expect(try tracker.run(["close", "1"]).stdout == "Closed issue #1 as completed\n")
        let again = try tracker.run(["close", "1"])
        #expect(again.status == 0 && again.stdout == "Issue #1 is already closed\n")
        #expect(
            try tracker.run(["close", "2", "--reason", "not-planned"]).stdout == "Closed issue #2 as not planned\n")
        #expect(try tracker.run(["close", "3", "--reason", "someday"]).status == 64)
        #expect(try tracker.run(["reopen", "1"]).stdout == "Reopened issue #1\n")
        #expect(try tracker.run(["reopen", "3"]).stdout == "Issue #3 is already open\n")
        #expect(try tracker.run(["close", "99"]).status == 65)

        let shown = try tracker.run(["show", "1"])
        #expect(shown.status == 0)
        let lines = shown.stdout.split(separator: "\n").map(String.init)
        #expect(lines[0] == "#1 Login fails")
        #expect(lines[1].hasPrefix("OPEN · tester opened just now"))
        #expect(lines.contains("Assignees: alice"))
        let timeline = try #require(lines.firstIndex(of: "Timeline"))
        #expect(
            Array(lines[(timeline + 1)...]) == [
                "  just now: tester created this issue", "  just now: tester assigned alice",
                "  just now: tester closed this as completed", "  just now: tester reopened this",
            ])

        let object = try #require(try json(try tracker.run(["show", "2", "--json"])) as? [String: Any])
        #expect(object["state"] as? String == "CLOSED")
        #expect(object["stateReason"] as? String == "NOT_PLANNED")
        #expect(object["closedAt"] is String)
        let events = try #require(object["events"] as? [[String: Any]])
        #expect(events.compactMap { $0["kind"] as? String } == ["created", "closed"])
        let createdAt = try #require(events[0]["createdAt"] as? String)
        #expect(ISO8601DateFormatter.withFractions.date(from: createdAt) != nil)
    }

    @Test func closeAsADuplicateShowsOnBothIssuesAndBadCombinationsAreOneLine() async throws {
        let tracker = try await LifecycleCLITests.tracker()
        for (arguments, status, error) in [
            (
                ["close", "3", "--reason", "duplicate"], 64,
                "invalid --reason: duplicate needs the original issue: use --duplicate-of N"
            ),
            (
                ["close", "3", "--duplicate-of", "3"], 64,
                "invalid --duplicate-of: an issue cannot be a duplicate of itself; name another issue"
            ),
            (["close", "3", "--duplicate-of", "99"], 65, "issue #99 does not exist; nothing was changed"),
            (
                ["close", "3", "--duplicate-of", "1", "--reason", "not-planned"], 64,
                "invalid --reason: --duplicate-of closes as duplicate; leave out --reason not-planned"
            ),
        ] {
            let refused = try tracker.run(arguments)
            #expect(
                refused.status == Int32(status) && refused.stderr == "tracker: " + error + "\n",
                "\(arguments): \(refused.stderr)")
        }
        #expect(try tracker.run(["show", "3", "--json", "state"]).stdout.contains("OPEN"), "nothing was closed")
        let closed = try tracker.run(["close", "3", "--duplicate-of", "#1", "-c", "Same as #1"])
        #expect(closed.status == 0 && closed.stdout.hasSuffix("Closed issue #3 as a duplicate of #1\n"), "\(closed)")
        let duplicate = try tracker.run(["show", "3"]).stdout.split(separator: "\n").map(String.init)
        #expect(duplicate[1].hasPrefix("CLOSED as a duplicate of #1 · tester opened"))
        #expect(duplicate.contains("  just now: tester closed this as a duplicate of #1"))
        let original = try tracker.run(["show", "1"]).stdout.split(separator: "\n").map(String.init)
        #expect(original.contains("  just now: tester closed #3 as a duplicate of this"))
        let object = try #require(
            try json(try tracker.run(["show", "3", "--json", "stateReason,events"])) as? [String: Any])
        #expect(object["stateReason"] as? String == "DUPLICATE")
        let events = try #require(object["events"] as? [[String: Any]])
        #expect(events.last?["duplicateOf"] as? Int == 1 && events.last?["stateReason"] as? String == "DUPLICATE")
        #expect(try tracker.run(["reopen", "3"]).stdout == "Reopened issue #3\n")
        #expect(try tracker.run(["undo"]).status == 0)
        #expect(
            try tracker.run(["show", "3"]).stdout.contains("CLOSED as a duplicate of #1"),
            "undo closes it again as it was")
    }

    @Test func listFilters() async throws {
        let tracker = try await LifecycleCLITests.tracker()
        try tracker.run(["assign", "2", "alice"])
        try tracker.run(["assign", "3", "@me"])
        try tracker.run(["close", "3"])
        try tracker.run(["create", "--title", "Login crash", "--body", "crashes on login", "--as", "bob"])
        func numbers(_ arguments: [String]) throws -> [Int] {
            let outcome = try tracker.run(["list", "--json", "number"] + arguments)
            #expect(outcome.status == 0, "\(arguments): \(outcome.stderr)")
            return (try json(outcome) as? [[String: Int]] ?? []).compactMap { $0["number"] }
        }
        #expect(try numbers(["--assignee", "alice"]) == [2])
        #expect(try numbers(["--assignee", "@me", "--state", "all"]) == [3])
        #expect(try numbers(["--assignee", "@me"]) == [])
        #expect(try numbers(["--assignee", "none"]) == [4, 1])
        #expect(try numbers(["--author", "bob"]) == [4])
        #expect(try numbers(["--author", "@me", "--state", "closed"]) == [3])
        #expect(try numbers(["--search", "crash login"]) == [4])
        #expect(try numbers(["--state", "all", "--asc", "--limit", "2"]) == [1, 2])
        #expect(try numbers(["--sort", "updated", "--state", "all"]).first == 4)
        #expect(try numbers(["--limit", "0", "--state", "all"]).count == 4)

        let fields = try #require(
            try json(try tracker.run(["list", "--json", "number,title,assignees"])) as? [[String: Any]])
        #expect(Set(fields[0].keys) == ["number", "title", "assignees"])
        let unknownField = try tracker.run(["list", "--json", "number,colour"])
        #expect(unknownField.status == 64, "a flag's unknown value is a usage error, as --sort's")
        #expect(unknownField.stderr.contains("unknown field 'colour'") && unknownField.stderr.contains("assignees"))
        #expect(try tracker.run(["list", "--sort", "size"]).status == 64)
        #expect(try tracker.run(["list", "--state", "merged"]).status == 64)
        #expect(try tracker.run(["list", "--assignee", "no_one"]).status == 65)
    }

    @Test func injectionStringsAreStoredAndShownVerbatim() async throws {
        let tracker = try await LifecycleCLITests.tracker()
        let sneaky = "'); DROP TABLE issues; --"
        #expect(try tracker.run(["create", "--title", sneaky, "--body", sneaky]).status == 0)
        let found = try #require(
            try json(try tracker.run(["list", "--json", "title,body", "--search", sneaky])) as? [[String: String]])
        #expect(found.first?["title"] == sneaky)
        #expect(try tracker.run(["list", "--author", sneaky]).status == 65)
        #expect(try tracker.run(["list", "--state", "all", "--limit", "0", "--json", "number"]).stdout.contains("4"))
    }

    @Test func shellCompletionScriptsAreGenerated() throws {
        let tracker = TrackerProcess(databaseSettings: nil)
        for shell in ["bash", "zsh", "fish"] {
            let outcome = try tracker.run(["--generate-completion-script", shell])
            #expect(outcome.status == 0)
            #expect(outcome.stdout.contains("assign") && outcome.stdout.contains("unassign"))
        }
    }
}

extension ISO8601DateFormatter {
    nonisolated(unsafe) static let withFractions: ISO8601DateFormatter = {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }()
}
