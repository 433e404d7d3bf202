import Foundation
import Testing
import TrackerTestSupport

/// `tracker edit` of assignees, labels and a milestone on several issues at once, through the
/// built binary: each refusal is one line with its exit code, names are checked before issues,
/// and a refused edit leaves every issue as it was.
@Suite struct EditRefusalCLITests {
    /// Issues #1–#3 (see `LifecycleCLITests.tracker`), users dev1…dev10 all assigned to #2, the
    /// label bug and the milestone v1.
    static func tracker() async throws -> TrackerProcess {
        let tracker = try await LifecycleCLITests.tracker()
        let developers = (1...10).map { "dev\($0)" }
        for login in developers { try tracker.run(["users", "add", login]) }
        #expect(try tracker.run(["assign", "2"] + developers).status == 0)
        #expect(try tracker.run(["label", "create", "bug"]).status == 0)
        #expect(try tracker.run(["milestone", "create", "v1"]).status == 0)
        return tracker
    }

    /// Everything `show --json` says about the issues, to compare before and after.
    func state(_ tracker: TrackerProcess) throws -> [String] {
        try (1...3).map { try tracker.run(["show", "\($0)", "--json"]).stdout }
    }

    static let overflow =
        "tracker: issue #2 would have 11 assignees; the limit is 10. Nothing was changed: unassign someone first "
        + "(`tracker unassign`)\n"

    @Test(arguments: [
        (["edit", "1", "2", "--add-assignee", "alice", "--add-label", "bug", "--milestone", "v1"], overflow),
        (
            ["edit", "3", "2", "--remove-assignee", "dev1", "--add-assignee", "alice,bob", "--add-label", "bug"],
            overflow
        ),
        (
            ["edit", "1", "14", "--remove-assignee", "alcie", "--add-label", "bgu", "--milestone", "v2"],
            "tracker: no user 'alcie': did you mean alice?\n"
        ),
        (
            ["edit", "1", "14", "--add-assignee", "bob", "--add-label", "bgu", "--milestone", "v2"],
            "tracker: no label 'bgu': did you mean 'bug'?\n"
        ),
        (
            ["edit", "1", "14", "--add-label", "bug", "--milestone", "v2"],
            "tracker: no milestone 'v2': did you mean 'v1'?\n"
        ),
        (
            ["edit", "14", "1", "--add-assignee", "bob", "--add-label", "bug", "--remove-milestone"],
            "tracker: issue #14 does not exist; nothing was changed\n"
        ),
    ])
    func aRefusedEditIsOneLineAndChangesNoIssue(_ arguments: [String], _ line: String) async throws {
        let tracker = try await Self.tracker()
        let before = try state(tracker)
        let outcome = try tracker.run(arguments)
        #expect(outcome.status == 65)
        #expect(outcome.stderr == line)
        #expect(outcome.stdout.isEmpty)
        #expect(try state(tracker) == before)
    }

    @Test func swappingAnAssigneeAtTheLimitSavesEverythingOnEveryIssue() async throws {
        let tracker = try await Self.tracker()
        let outcome = try tracker.run([
            "edit", "2", "3", "--remove-assignee", "dev1", "--add-assignee", "alice", "--add-label", "bug",
            "--milestone", "v1",
        ])
        #expect(outcome.status == 0 && outcome.stdout == "Edited issue #2\nEdited issue #3\n", "\(outcome.stderr)")
        let shown = try tracker.run(["show", "2", "--json", "assignees,labels,milestone,events"]).stdout
        let issue = try #require(try JSONSerialization.jsonObject(with: Data(shown.utf8)) as? [String: Any])
        let logins = (issue["assignees"] as? [[String: String]] ?? []).compactMap { $0["login"] }
        #expect(logins == ["alice"] + (2...10).map { "dev\($0)" }.sorted())
        #expect((issue["milestone"] as? [String: Any])?["title"] as? String == "v1")
        let kinds = (issue["events"] as? [[String: Any]] ?? []).compactMap { $0["kind"] as? String }
        #expect(kinds.suffix(4) == ["unassigned", "assigned", "labeled", "milestoned"])
        let third = try tracker.run(["show", "3", "--json", "labels"]).stdout
        #expect(third.contains("\"bug\""))
    }
}
