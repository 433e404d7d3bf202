import Foundation
import Testing
import TrackerTestSupport

/// `tracker milestone …` and milestones on create, edit, list and show, through the built
/// binary: progress counted as issues close, overdue dates, and refusals that change nothing.
@Suite struct MilestoneCLITests {
    /// alice and bob, issues #1–#3, and the milestones v1.0 (overdue) and v2.0.
    static func tracker() async throws -> TrackerProcess {
        let tracker = try await LifecycleCLITests.tracker()
        let first = try tracker.run(["milestone", "create", "v1.0", "--due", "2020-01-31", "--description", "First"])
        #expect(first.status == 0 && first.stdout == "Created milestone 'v1.0' (#1)\n", "\(first.stderr)")
        #expect(try tracker.run(["milestone", "create", "v2.0", "--due", "2999-06-30"]).status == 0)
        return tracker
    }

    func json(_ tracker: TrackerProcess, _ arguments: [String]) throws -> Any {
        let outcome = try tracker.run(arguments)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        return try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8))
    }

    func milestone(_ tracker: TrackerProcess, _ number: Int) throws -> [String: Any]? {
        (try json(tracker, ["show", "\(number)", "--json", "milestone"]) as? [String: Any])?["milestone"]
            as? [String: Any]
    }

    func listed(_ tracker: TrackerProcess, _ state: String = "all") throws -> [[String: Any]] {
        try json(tracker, ["milestone", "list", "--state", state, "--json"]) as? [[String: Any]] ?? []
    }

    func numbers(_ tracker: TrackerProcess, _ arguments: [String]) throws -> [Int] {
        (try json(tracker, ["list", "--state", "all"] + arguments + ["--json", "number"]) as? [[String: Any]] ?? [])
            .compactMap { $0["number"] as? Int }
    }

    @Test func progressCountsOpenAndClosedIssuesAndOverdueIsShown() async throws {
        let tracker = try await Self.tracker()
        let created = try tracker.run(["create", "--title", "Ship it", "--milestone", "V1.0"])
        #expect(created.status == 0, "\(created.stderr)")
        #expect(try tracker.run(["edit", "1", "2", "--milestone", "v1.0"]).status == 0)
        #expect(try tracker.run(["close", "1"]).status == 0)

        let first = try #require(try listed(tracker).first)
        #expect(first["title"] as? String == "v1.0" && first["openIssues"] as? Int == 2)
        #expect(first["closedIssues"] as? Int == 1 && first["percentDone"] as? Int == 33)
        #expect(first["dueOn"] as? String == "2020-01-31T00:00:00Z" && first["state"] as? String == "OPEN")
        #expect(first["description"] as? String == "First")

        var atTerminal = tracker
        atTerminal.environment["TRACKER_FORCE_TTY"] = "100"
        let table = try atTerminal.run(["milestone", "list"]).stdout.split(separator: "\n").map(String.init)
        #expect(
            table == [
                "#  TITLE  OPEN  CLOSED  DONE  DUE",
                "1  v1.0   2     1       33%   2020-01-31 overdue",
                "2  v2.0   0     0       0%    2999-06-30",
            ])
        let issue = try #require(try milestone(tracker, 4))
        #expect(issue["title"] as? String == "v1.0" && issue["number"] as? Int == 1)
        #expect(Set(issue.keys) == ["number", "title", "description", "dueOn", "state"])
        let shown = try tracker.run(["show", "4"]).stdout
        #expect(shown.contains("\nMilestone: v1.0 (due 2020-01-31)\n"), "\(shown)")
        #expect(shown.contains("tester added this to the \"v1.0\" milestone"))

        #expect(try numbers(tracker, ["--milestone", "v1.0"]) == [4, 2, 1])
        #expect(try numbers(tracker, ["--milestone", "none"]) == [3])
        #expect(try tracker.run(["reopen", "1"]).status == 0)
        #expect(try listed(tracker).first?["openIssues"] as? Int == 3)
    }

    @Test func removeMilestoneTakesIssuesOutAndRecordsIt() async throws {
        let tracker = try await Self.tracker()
        #expect(try tracker.run(["edit", "1", "2", "--milestone", "v2.0"]).status == 0)
        #expect(try tracker.run(["edit", "1", "--milestone", "v1.0"]).status == 0, "moving is one change")
        #expect(
            try tracker.run(["edit", "1", "2", "--remove-milestone"]).stdout == "Edited issue #1\nEdited issue #2\n")
        #expect(try milestone(tracker, 1) == nil && milestone(tracker, 2) == nil)
        let events = (try json(tracker, ["show", "1", "--json", "events"]) as? [String: Any])?["events"]
        let lines = (events as? [[String: Any]] ?? []).map { "\($0["kind"] ?? "") \($0["milestone"] ?? "")" }
        #expect(lines == ["created ", "milestoned v2.0", "demilestoned v2.0", "milestoned v1.0", "demilestoned v1.0"])
        #expect(try listed(tracker).allSatisfy { $0["openIssues"] as? Int == 0 })
    }

    @Test func editCloseReopenAndDelete() async throws {
        let tracker = try await Self.tracker()
        let edited = try tracker.run([
            "milestone", "edit", "v2.0", "--title", "v2", "--no-due", "--description", "Later",
        ])
        #expect(edited.status == 0 && edited.stdout == "Edited milestone 'v2'\n", "\(edited.stderr)")
        let second = try listed(tracker).last
        #expect(second?["title"] as? String == "v2" && second?["dueOn"] is NSNull)
        #expect(try tracker.run(["milestone", "edit", "v2", "--due", "2030-02-01"]).status == 0)
        #expect(try listed(tracker).last?["dueOn"] as? String == "2030-02-01T00:00:00Z")

        #expect(try tracker.run(["milestone", "close", "v1.0"]).stdout == "Closed milestone 'v1.0'\n")
        #expect(try tracker.run(["milestone", "close", "v1.0"]).status == 0, "closing a closed one changes nothing")
        #expect(try listed(tracker, "open").map { $0["title"] as? String } == ["v2"])
        #expect(try listed(tracker, "closed").map { $0["state"] as? String } == ["CLOSED"])
        #expect(try listed(tracker).map { $0["title"] as? String } == ["v2", "v1.0"], "open first")
        var atTerminal = tracker
        atTerminal.environment["TRACKER_FORCE_TTY"] = "100"
        let all = try atTerminal.run(["milestone", "list", "--state", "all"]).stdout
        #expect(all.contains("STATE") && !all.contains("overdue"), "a closed milestone is not overdue")
        #expect(try tracker.run(["milestone", "reopen", "v1.0"]).stdout == "Reopened milestone 'v1.0'\n")

        #expect(try tracker.run(["edit", "1", "3", "--milestone", "v1.0"]).status == 0)
        let unconfirmed = try tracker.run(["milestone", "delete", "v1.0"])
        #expect(unconfirmed.status == 64 && unconfirmed.stderr.contains("add --yes"))
        let deleted = try tracker.run(["milestone", "delete", "v1.0", "--yes"])
        #expect(deleted.stdout == "Deleted milestone 'v1.0' (removed from 2 issues)\n", "\(deleted.stderr)")
        let events = (try json(tracker, ["show", "3", "--json", "events"]) as? [String: Any])?["events"]
        #expect((events as? [[String: Any]])?.last?["kind"] as? String == "demilestoned")
        #expect(try milestone(tracker, 3) == nil)
        #expect(try listed(tracker).map { $0["title"] as? String } == ["v2"])
    }

    @Test(arguments: [
        (["milestone", "create", "V1.0"], "is already taken"),
        (["milestone", "create", "v3", "--due", "2024-02-30"], "invalid due date: '2024-02-30' is not a date"),
        (["milestone", "create", "v3", "--due", "tomorrow"], "invalid due date: 'tomorrow'"),
        (["milestone", "create", String(repeating: "m", count: 257)], "the limit is 256"),
        (["milestone", "create", "a\u{7}b"], "control characters"),
        (["milestone", "edit", "v1"], "nothing to change"),
        (["milestone", "edit", "v1", "--title", "x"], "tracker: no milestone 'v1': did you mean 'v1.0'"),
        (["milestone", "close", "v3.0"], "tracker: no milestone 'v3.0': did you mean"),
        (["create", "--title", "t", "--milestone", "v1"], "tracker: no milestone 'v1': did you mean 'v1.0'"),
        (["edit", "1", "2", "--milestone", "v1"], "tracker: no milestone 'v1': did you mean 'v1.0'"),
        (["list", "--milestone", "v1"], "tracker: no milestone 'v1': did you mean 'v1.0'"),
    ])
    func refusalsAreOneLineAndChangeNothing(_ arguments: [String], _ expected: String) async throws {
        let tracker = try await Self.tracker()
        let outcome = try tracker.run(arguments)
        #expect(outcome.status == 65, "\(outcome.stderr)")
        #expect(outcome.stderr.contains(expected), "\(outcome.stderr)")
        #expect(outcome.stderr.split(separator: "\n").count == 1 && outcome.stdout.isEmpty)
        #expect(try numbers(tracker, []) == [3, 2, 1])
        #expect(try milestone(tracker, 1) == nil && milestone(tracker, 2) == nil)
        #expect(try listed(tracker).map { $0["title"] as? String } == ["v1.0", "v2.0"])
    }

    @Test func usageErrorsAreRefusedBeforeConnecting() async throws {
        let tracker = try await Self.tracker()
        let both = try tracker.run(["edit", "1", "--milestone", "v1.0", "--remove-milestone"])
        #expect(both.status == 64 && both.stderr.contains("not both"))
        let dates = try tracker.run(["milestone", "edit", "v1.0", "--due", "2030-01-01", "--no-due"])
        #expect(dates.status == 64 && dates.stderr.contains("not both"))
        #expect(try tracker.run(["milestone", "list", "--state", "done"]).status == 64)
    }
}
