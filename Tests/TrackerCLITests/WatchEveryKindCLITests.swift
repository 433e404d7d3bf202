import ChildProcesses
import Foundation
import Postgres
import Testing
import TrackerTestSupport

/// Every kind of event the database can hold reaches every consumer: `watch --since 0` as text
/// and JSON, a running watch and the timeline (issue 45: parent and blocker events ended every
/// watch). The kinds are read from the database, so a new kind without a recipe here fails.
@Suite struct WatchEveryKindCLITests {
    /// One kind: the commands that make an event of it (on issue 2, the child), and how watch and
    /// the timeline word it.
    struct Recipe {
        let kind: String
        let commands: [[String]]
        let wording: String
    }

    /// In the order they run: each may need the ones before it.
    static let recipes = [
        Recipe(
            kind: "created",
            commands: [
                ["create", "--title", "Parent"], ["create", "--title", "Child"], ["create", "--title", "Blocker"],
            ],
            wording: "created this issue"),
        Recipe(kind: "assigned", commands: [["assign", "2", "bob"]], wording: "assigned bob"),
        Recipe(kind: "unassigned", commands: [["unassign", "2", "bob"]], wording: "unassigned bob"),
        Recipe(kind: "closed", commands: [["close", "2"]], wording: "closed this as completed"),
        Recipe(kind: "reopened", commands: [["reopen", "2"]], wording: "reopened this"),
        Recipe(
            kind: "renamed", commands: [["edit", "2", "--title", "Child renamed"]],
            wording: "changed the title from \"Child\" to \"Child renamed\""),
        Recipe(kind: "edited", commands: [["edit", "2", "--body", "A body"]], wording: "edited the description"),
        Recipe(kind: "commented", commands: [["comment", "2", "--body", "A note"]], wording: "commented (comment 1)"),
        Recipe(
            kind: "comment_edited", commands: [["comment", "edit", "1", "--body", "A better note"]],
            wording: "edited comment 1"),
        Recipe(kind: "comment_deleted", commands: [["comment", "delete", "1"]], wording: "deleted comment 1"),
        Recipe(kind: "comment_restored", commands: [["comment", "restore", "1"]], wording: "restored comment 1"),
        Recipe(kind: "labeled", commands: [["edit", "2", "--add-label", "bug"]], wording: "added the \"bug\" label"),
        Recipe(
            kind: "unlabeled", commands: [["edit", "2", "--remove-label", "bug"]], wording: "removed the \"bug\" label"),
        Recipe(
            kind: "milestoned", commands: [["edit", "2", "--milestone", "v1"]],
            wording: "added this to the \"v1\" milestone"),
        Recipe(
            kind: "demilestoned", commands: [["edit", "2", "--remove-milestone"]],
            wording: "removed this from the \"v1\" milestone"),
        Recipe(kind: "prioritized", commands: [["edit", "2", "--priority", "P1"]], wording: "set the priority to P1"),
        Recipe(
            kind: "due_changed", commands: [["edit", "2", "--due", "2030-01-01"]],
            wording: "set the due date to 2030-01-01"),
        Recipe(
            kind: "parent_changed", commands: [["edit", "2", "--parent", "1"]], wording: "made this a sub-issue of #1"),
        Recipe(
            kind: "blocker_added", commands: [["edit", "2", "--blocked-by", "3"]],
            wording: "marked this as blocked by #3"),
        Recipe(
            kind: "blocker_removed", commands: [["edit", "2", "--remove-blocked-by", "3"]],
            wording: "removed #3 from what blocks this"),
        Recipe(kind: "deleted", commands: [["delete", "2", "--yes"]], wording: "deleted this issue"),
        Recipe(kind: "restored", commands: [["restore", "2"]], wording: "restored this issue"),
    ]

    static func connection(_ tracker: TrackerProcess) throws -> Connection {
        try Connection(settings: tracker.environment["DATABASE_URL"]!)
    }

    /// The kinds the `issue_events_kind_known` constraint admits, in its order.
    static func kindsInTheDatabase(_ tracker: TrackerProcess) throws -> [String] {
        let definitions: [String] = try connection(tracker).query(
            "SELECT pg_get_constraintdef(oid) FROM pg_constraint WHERE conname = 'issue_events_kind_known'"
        ).rows.map { try $0.decode(0) }
        let quoted = definitions.flatMap { $0.components(separatedBy: "'").enumerated().filter { $0.offset % 2 == 1 } }
        return quoted.map(\.element).reduce(into: []) { kinds, kind in if !kinds.contains(kind) { kinds.append(kind) } }
    }

    /// A tracker holding at least one event of every kind the database knows (recorded as an issue
    /// for each kind without a recipe), and those kinds.
    static func trackerWithEveryKind() async throws -> (tracker: TrackerProcess, kinds: [String]) {
        let tracker = try await CLITests.tracker()
        let kinds = try kindsInTheDatabase(tracker)
        #expect(kinds.count >= 22, "the constraint read: \(kinds)")
        for kind in kinds where !recipes.contains(where: { $0.kind == kind }) {
            Issue.record("no recipe makes an event of kind '\(kind)': add one to WatchEveryKindCLITests.recipes")
        }
        for setup in [["users", "add", "bob"], ["label", "create", "bug"], ["milestone", "create", "v1"]] {
            let outcome = try tracker.run(setup)
            #expect(outcome.status == 0, "\(setup): \(outcome.stderr)")
        }
        for recipe in recipes {
            #expect(kinds.contains(recipe.kind), "a recipe for '\(recipe.kind)', a kind the database no longer has")
            for command in recipe.commands {
                let outcome = try tracker.run(command)
                #expect(outcome.status == 0, "\(recipe.kind): \(command): \(outcome.stderr)")
            }
        }
        let written: [String] = try connection(tracker).query("SELECT DISTINCT kind FROM issue_events").rows.map {
            try $0.decode(0)
        }
        #expect(Set(written) == Set(kinds), "the recipes wrote every kind")
        return (tracker, kinds)
    }

    /// `tracker watch ARGUMENTS` read by `head -n LINES`: what it printed, and its own status
    /// (0 once head has every line: watch ends when its reader leaves), as said on standard error.
    static func watchedToTheEnd(
        _ tracker: TrackerProcess, _ arguments: [String], lines: Int
    ) throws -> (lines: [String], stderr: String) {
        let piped = try ChildProcess.run(
            "/usr/bin/timeout",
            [
                "60", "/bin/bash", "-c",
                "\"$0\" watch \"$@\" | head -n \(lines); echo \"status ${PIPESTATUS[0]}\" >&2",
                TrackerProcess.binary.path,
            ] + arguments,
            environment: tracker.environment, stdin: Data())
        #expect(piped.status == 0, "timeout ends with 124 when watch waited for lines that never came")
        let printed = String(decoding: piped.stdout, as: UTF8.self).split(separator: "\n").map(String.init)
        return (printed, String(decoding: piped.stderr, as: UTF8.self))
    }

    @Test func watchSinceTheBeginningShowsEveryKindAsTextAndJSONAndExitsZero() async throws {
        let (tracker, kinds) = try await Self.trackerWithEveryKind()
        let count: Int = try Self.connection(tracker).query("SELECT count(*)::int FROM issue_events").rows[0].decode(0)

        let text = try Self.watchedToTheEnd(tracker, ["--since", "0"], lines: count)
        #expect(text.stderr == "status 0\n")
        #expect(text.lines.count == count)
        for recipe in Self.recipes where kinds.contains(recipe.kind) {
            #expect(text.lines.contains { $0.contains(recipe.wording) }, "\(recipe.kind) in watch:\n\(text.lines)")
        }

        let json = try Self.watchedToTheEnd(tracker, ["--json", "--since", "0"], lines: count)
        #expect(json.stderr == "status 0\n")
        let objects = try json.lines.map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
        }
        #expect(objects.count == count)
        let watchedKinds = Set(objects.compactMap { $0["kind"] as? String })
        for kind in kinds { #expect(watchedKinds.contains(kind), "\(kind) in watch --json") }
    }

    @Test func theTimelineShowsEveryKind() async throws {
        let (tracker, kinds) = try await Self.trackerWithEveryKind()
        let shown = try tracker.run(["show", "2", "--comments"])
        #expect(shown.status == 0, "\(shown.stderr)")
        for recipe in Self.recipes where kinds.contains(recipe.kind) {
            #expect(shown.stdout.contains(recipe.wording), "\(recipe.kind) on the timeline:\n\(shown.stdout)")
        }
        let json = try tracker.run(["show", "2", "--json", "events"])
        #expect(json.status == 0, "\(json.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let events = try #require(object["events"] as? [[String: Any]], "\(json.stdout)")
        #expect(Set(events.compactMap { $0["kind"] as? String }) == Set(kinds), "\(json.stdout)")
    }

    /// A watch running while an issue gets a parent and a blocker prints both and goes on.
    @Test func aRunningWatchPrintsParentAndBlockerChangesAndKeepsWatching() async throws {
        let tracker = try await CLITests.tracker()
        for title in ["Parent", "Child", "Blocker"] {
            #expect(try tracker.run(["create", "--title", title]).status == 0)
        }
        let watcher = try WatchingProcess(tracker, ["watch", "--since", "3"])
        defer { _ = try? watcher.stop() }
        for command in [
            ["edit", "2", "--parent", "1"], ["edit", "2", "--blocked-by", "3"],
            ["create", "--title", "Sub", "--parent", "1"],
            ["edit", "2", "--remove-blocked-by", "3"], ["edit", "2", "--no-parent"], ["create", "--title", "After"],
        ] {
            let outcome = try tracker.run(command)
            #expect(outcome.status == 0, "\(command): \(outcome.stderr)")
        }
        let lines = try watcher.lines(count: 7).map { $0.split(separator: " · ").dropFirst(2).joined(separator: " · ") }
        #expect(
            lines == [
                "#2 \"Child\" · tester made this a sub-issue of #1",
                "#2 \"Child\" · tester marked this as blocked by #3",
                "#4 \"Sub\" · tester created this issue",
                "#4 \"Sub\" · tester made this a sub-issue of #1",
                "#2 \"Child\" · tester removed #3 from what blocks this",
                "#2 \"Child\" · tester removed this from the sub-issues of #1",
                "#5 \"After\" · tester created this issue",
            ])
        let ended = try watcher.stop()
        #expect(ended.status == 130, "still watching until Ctrl-C: \(String(decoding: ended.stderr, as: UTF8.self))")
        #expect(ended.stderr.isEmpty, "\(String(decoding: ended.stderr, as: UTF8.self))")
    }
}
