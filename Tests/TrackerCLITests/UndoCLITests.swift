import Foundation
import Testing
import TrackerTestSupport

/// `tracker undo` through the built binary: each kind of change taken back, as one change of its
/// own on the timeline, and refused when someone changed the issue since.
@Suite struct UndoCLITests {
    func issue(_ tracker: TrackerProcess, _ number: Int = 1) throws -> [String: Any] {
        let outcome = try tracker.run(["show", "\(number)", "--json"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        var shown = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        for moving in ["events", "updatedAt", "closedAt", "comments"] { shown[moving] = nil }
        // An open issue's reason says whether it was ever reopened (GitHub's REOPENED), not what it is.
        if shown["state"] as? String == "OPEN" { shown["stateReason"] = nil }
        return shown
    }

    func comments(_ tracker: TrackerProcess) throws -> [String] {
        let outcome = try tracker.run(["show", "1", "--json", "comments"])
        let shown = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
        return (shown?["comments"] as? [[String: Any]] ?? []).compactMap { $0["body"] as? String }
    }

    static let changes: [[String]] = [
        ["close", "1"], ["edit", "1", "--title", "Renamed", "--body", "new body"], ["assign", "1", "bob"],
        ["edit", "1", "--add-label", "bug"], ["edit", "1", "--milestone", "v1"], ["edit", "1", "--remove-label", "ui"],
    ]

    /// Undo puts the issue back as it was before the change; undoing the undo puts the change back.
    @Test(arguments: changes)
    func undoTakesBackTheLastChangeAndAnUndoOfItPutsItBack(_ change: [String]) async throws {
        let tracker = try await CLITests.tracker()
        try tracker.run(["users", "add", "bob"])
        for label in ["bug", "ui"] { try tracker.run(["label", "create", label]) }
        try tracker.run(["milestone", "create", "v1"])
        try tracker.run(["create", "-t", "Crash", "-b", "old body", "--label", "ui"])
        let before = try issue(tracker)
        let changed = try tracker.run(change)
        #expect(changed.status == 0, "\(changed.stderr)")
        let after = try issue(tracker)
        #expect(!NSDictionary(dictionary: after).isEqual(to: before), "the change changed something")

        let listed = try tracker.run(["undo", "--list"])
        #expect(listed.status == 0 && listed.stdout.contains("#1:"), "\(listed.stdout)")
        #expect(NSDictionary(dictionary: try issue(tracker)).isEqual(to: after), "--list changes nothing")
        let undone = try tracker.run(["undo"])
        #expect(undone.status == 0 && undone.stdout.hasPrefix("Undid your change"), "\(undone.stderr)")
        #expect(NSDictionary(dictionary: try issue(tracker)).isEqual(to: before), "\(change) undone")

        #expect(try tracker.run(["undo"]).status == 0)
        #expect(NSDictionary(dictionary: try issue(tracker)).isEqual(to: after), "undoing the undo redoes \(change)")
    }

    @Test func reopeningCommentingAndDeletingAreUndoneToo() async throws {
        let tracker = try await CLITests.tracker()
        try tracker.run(["create", "-t", "Crash"])
        try tracker.run(["close", "1", "--reason", "not planned"])
        try tracker.run(["reopen", "1"])
        #expect(try tracker.run(["undo"]).status == 0)
        let closed = try issue(tracker)
        #expect(
            closed["state"] as? String == "CLOSED" && closed["stateReason"] as? String == "NOT_PLANNED", "\(closed)")

        try tracker.run(["comment", "1", "--body", "oops"])
        #expect(try comments(tracker) == ["oops"])
        #expect(try tracker.run(["undo"]).status == 0)
        #expect(try comments(tracker).isEmpty)

        try tracker.run(["delete", "1", "--yes"])
        #expect(try tracker.run(["undo"]).status == 0)
        #expect(try tracker.run(["show", "1"]).status == 0, "undoing a delete restores the issue")

        try tracker.run(["create", "-t", "Mistake"])
        #expect(try tracker.run(["undo"]).status == 0)
        #expect(
            try tracker.run(["show", "2"]).stderr.contains("trash"), "undoing a create puts the issue in the trash")
    }

    /// Someone else changed the issue after your change: undo says so in one line, exit 75, and
    /// changes nothing.
    @Test func undoIsRefusedAfterSomeoneElsesChange() async throws {
        let tracker = try await CLITests.tracker()
        try tracker.run(["users", "add", "bob"])
        try tracker.run(["create", "-t", "Crash"])
        try tracker.run(["close", "1"])
        try tracker.run(["comment", "1", "--body", "agreed", "--as", "bob"])
        let before = try issue(tracker)
        let listed = try tracker.run(["undo", "--list"])
        #expect(listed.stdout.contains("cannot be undone"), "\(listed.stdout)")
        let refused = try tracker.run(["undo"])
        #expect(refused.status == 75, "\(refused.stdout)\(refused.stderr)")
        #expect(refused.stderr.split(separator: "\n").count == 1 && refused.stderr.contains("bob"), "\(refused.stderr)")
        #expect(NSDictionary(dictionary: try issue(tracker)).isEqual(to: before))
    }

    @Test func withNothingToUndoUndoSaysSo() async throws {
        let tracker = try await CLITests.tracker()
        let listed = try tracker.run(["undo", "--list"])
        #expect(listed.status == 0 && listed.stdout == "You have no change to undo.\n", "\(listed.stdout)")
        let refused = try tracker.run(["undo"])
        #expect(refused.status != 0 && refused.stderr.contains("no change to undo"), "\(refused.stderr)")
    }
}
