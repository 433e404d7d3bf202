import ChildProcesses
import Foundation
import Postgres
import Testing
import TrackerTestSupport

/// `tracker watch` as two people use it: one process writes, another watches.
@Suite struct WatchCLITests {
    /// The newest event's id, to watch from (so nothing depends on when the watcher connected).
    func lastEvent(_ tracker: TrackerProcess) throws -> Int64 {
        try Connection(settings: tracker.environment["DATABASE_URL"]!)
            .query("SELECT coalesce(max(id), 0) FROM issue_events").rows[0].decode(0)
    }

    /// Every event after `event`, in the feed's order (transaction, then id), as the database has them.
    func events(after event: Int64, _ tracker: TrackerProcess) throws -> [Int64] {
        try Connection(settings: tracker.environment["DATABASE_URL"]!)
            .query("SELECT id FROM issue_events WHERE id > $1 ORDER BY xact, id", [event]).rows
            .map { try $0.decode(0) }
    }

    @Test func aWatcherPrintsEveryCommittedChangeOnceInOrderAndNeverARolledBackOne() async throws {
        let tracker = try await CLITests.tracker()
        try tracker.run(["users", "add", "bob"])
        try tracker.run(["create", "--title", "Before watching"])
        let start = try lastEvent(tracker)
        let watcher = try WatchingProcess(tracker, ["watch", "--json", "--since", String(start)])
        defer { _ = try? watcher.stop() }

        let writers = try [
            ["create", "--title", "Login fails", "--assignee", "bob"], ["create", "--title", "Crash on start"],
            ["close", "1"], ["comment", "1", "--body", "seen it"], ["assign", "1", "bob"],
        ].map { try tracker.start($0) }
        for writer in writers { #expect(try writer.wait().status == 0) }
        try Connection(settings: tracker.environment["DATABASE_URL"]!).execute(
            """
            BEGIN;
            UPDATE issues SET title = 'ROLLED BACK' WHERE number = 1;
            INSERT INTO issue_events (issue_number, kind, actor_id, previous_title, current_title)
                SELECT 1, 'renamed', id, 'Before watching', 'ROLLED BACK' FROM users WHERE login = 'bob';
            ROLLBACK;
            """)
        try tracker.run(["reopen", "1"])

        let expected = try events(after: start, tracker)
        #expect(expected.count == 7, "created+assigned, created, closed, commented, assigned, reopened")
        let printed = try watcher.jsonLines(count: expected.count)
        #expect(printed.compactMap { ($0["id"] as? NSNumber)?.int64Value } == expected)
        #expect(printed.allSatisfy { $0["title"] as? String != "ROLLED BACK" && $0["kind"] as? String != "renamed" })
        let closed = try #require(printed.first { $0["kind"] as? String == "closed" })
        #expect(closed["issue"] as? Int == 1)
        #expect(closed["stateReason"] as? String == "COMPLETED")
        #expect((closed["actor"] as? [String: Any])?["login"] as? String == "tester")

        try tracker.run(["create", "--title", "After a pause"])
        let later = try watcher.jsonLines(count: expected.count + 1)
        #expect(later.last?["title"] as? String == "After a pause")
        #expect(later.count == expected.count + 1, "nothing printed twice")
    }

    @Test func allProjectsWatchesEveryProjectNamingEachIssuesProject() async throws {
        let tracker = try await CLITests.tracker()
        #expect(try tracker.run(["project", "create", "api", "--no-remote"]).status == 0)
        try tracker.run(["create", "--title", "Before watching"])
        let watcher = try WatchingProcess(
            tracker, ["watch", "--all-projects", "--since", String(try lastEvent(tracker))])
        defer { _ = try? watcher.stop() }
        #expect(try tracker.run(["-R", "api", "create", "--title", "In api"]).status == 0)
        #expect(try tracker.run(["create", "--title", "In the default"]).status == 0)
        #expect(try tracker.run(["close", "api#1"]).status == 0)
        let home = try ProjectsCLITests.defaultKey(tracker)
        let printed = try watcher.lines(count: 3).map {
            $0.split(separator: " · ").dropFirst(2).joined(separator: " · ")
        }
        #expect(
            printed == [
                "api#1 \"In api\" · tester created this issue",
                "\(home)#2 \"In the default\" · tester created this issue",
                "api#1 \"In api\" · tester closed this as completed",
            ])
        let narrowed = try tracker.run(["watch", "--all-projects", "--issue", "1"])
        #expect(narrowed.status == 64 && narrowed.stderr.split(separator: "\n").count == 1, "\(narrowed.stderr)")
    }

    @Test func aServerRestartInTheMiddleLosesNoChangeAndRepeatsNone() throws {
        let tracker = TrackerProcess.privateCluster()
        defer { tracker.remove() }
        #expect(try tracker.run(["create", "--title", "Before watching"]).status == 0)
        let watcher = try WatchingProcess(tracker, ["watch", "--json", "--since", "1"])
        defer { _ = try? watcher.stop() }
        for index in 1...3 { try tracker.run(["create", "--title", "Before the restart \(index)"]) }
        _ = try watcher.lines(count: 3)

        #expect(try tracker.run(["db", "stop"]).status == 0)
        // The next command starts the cluster again; the watcher reconnects by itself.
        for index in 1...3 {
            #expect(try tracker.run(["create", "--title", "After the restart \(index)"]).status == 0)
        }

        let titles = try watcher.jsonLines(count: 6).compactMap { $0["title"] as? String }
        #expect(titles == (1...3).map { "Before the restart \($0)" } + (1...3).map { "After the restart \($0)" })
        let ended = try watcher.stop()
        let printed = String(decoding: ended.stdout, as: UTF8.self)
        #expect(printed.split(separator: "\n").count == 6, "nothing printed twice: \(printed)")
        let said = String(decoding: ended.stderr, as: UTF8.self)
        #expect(said.components(separatedBy: "lost the connection").count == 2, "said once: \(said)")
        #expect(said.contains("connected again"), "\(said)")
    }

    @Test func sinceCarriesOnAcrossRunsAndFiltersKeepOneIssueOrOnePerson() async throws {
        let tracker = try await CLITests.tracker()
        try tracker.run(["users", "add", "bob"])
        try tracker.run(["create", "--title", "One"])
        let start = try lastEvent(tracker)
        try tracker.run(["create", "--title", "Two", "--assignee", "bob"])
        try tracker.run(["close", "1"])
        try tracker.run(["comment", "2", "--body", "on two"])

        let onTwo = try WatchingProcess(tracker, ["watch", "--issue", "2", "--since", String(start)])
        let lines = try onTwo.lines(count: 3)
        try onTwo.stop()
        #expect(lines.allSatisfy { $0.contains("#2 \"Two\"") }, "\(lines)")
        #expect(lines[0].contains("tester created this issue"))
        #expect(lines[1].contains("tester assigned bob"))
        #expect(lines[2].contains("tester commented"))

        let bobs = try WatchingProcess(tracker, ["watch", "--json", "--assignee", "bob", "--since", String(start)])
        let kinds = try bobs.jsonLines(count: 3).compactMap { $0["kind"] as? String }
        try bobs.stop()
        #expect(kinds == ["created", "assigned", "commented"], "issue 1 is not bob's")
    }

    @Test func ctrlCEndsCleanlyWith130AndAClosedPipeEndsWithNoError() async throws {
        let tracker = try await CLITests.tracker()
        try tracker.run(["create", "--title", "One"])
        let watcher = try WatchingProcess(tracker, ["watch", "--since", "1"])
        try tracker.run(["create", "--title", "Two"])
        _ = try watcher.lines(count: 1)
        let interrupted = try watcher.stop()
        #expect(interrupted.status == 130)
        #expect(interrupted.stderr.isEmpty, "\(String(decoding: interrupted.stderr, as: UTF8.self))")
        _ = try WatchingProcess.waitFor("the listening session to end") { try tracker.liveSessions() == 0 ? true : nil }

        let piped = try ChildProcess.start(
            "/bin/bash",
            [
                "-c", "\"$0\" watch --since 1 | head -n 1; echo \"status ${PIPESTATUS[0]}\" >&2",
                TrackerProcess.binary.path,
            ],
            environment: tracker.environment)
        _ = try WatchingProcess.waitFor("head to print a line", in: piped) {
            String(decoding: piped.outputSoFar(), as: UTF8.self).contains("#2 \"Two\"") ? true : nil
        }
        // head has gone: the next line tracker writes finds the pipe closed.
        try tracker.run(["create", "--title", "Three"])
        let ended = try piped.wait()
        #expect(String(decoding: ended.stderr, as: UTF8.self) == "status 0\n")
    }

    @Test func anImportIsWatchedLikeAnyOtherChange() async throws {
        let tracker = try await CLITests.tracker()
        try tracker.run(["create", "--title", "Already here"])
        let start = try lastEvent(tracker)
        let watcher = try WatchingProcess(tracker, ["watch", "--json", "--since", String(start)])
        defer { _ = try? watcher.stop() }
        let imported = try tracker.run(
            ["import", "-"],
            stdin: """
                [{"title": "Imported one", "author": {"login": "carol"}, "createdAt": "2024-01-01T00:00:00Z"},
                 {"title": "Imported two", "author": {"login": "carol"}, "createdAt": "2024-01-02T00:00:00Z",
                  "assignees": [{"login": "dave"}]}]
                """)
        #expect(imported.status == 0, "\(imported.stderr)")
        let expected = try events(after: start, tracker)
        let printed = try watcher.jsonLines(count: expected.count)
        #expect(printed.compactMap { ($0["id"] as? NSNumber)?.int64Value } == expected)
        #expect(Set(printed.compactMap { $0["title"] as? String }) == ["Imported one", "Imported two"])
        #expect(printed.contains { $0["kind"] as? String == "assigned" })
    }

    /// A flag's malformed value is a usage error (64); a value naming nothing is 65.
    @Test func badArgumentsAreOneLineWithExit64Or65() async throws {
        let tracker = try await CLITests.tracker()
        for (arguments, wording, status) in [
            (["--since", "1.5"], "is not an event id", Int32(64)), (["--since", "abc"], "is not an event id", 64),
            (["--since", "99"], "no event 99", 65), (["--issue", "5"], "issue #5 does not exist", 65),
            (["--assignee", "nobody-here"], "no user 'nobody-here'", 65),
        ] {
            let outcome = try tracker.run(["watch"] + arguments)
            #expect(outcome.status == status, "\(arguments): \(outcome.stderr)")
            #expect(outcome.stderr.contains(wording), "\(arguments): \(outcome.stderr)")
            #expect(outcome.stderr.split(separator: "\n").count == 1, "\(outcome.stderr)")
        }
    }
}

/// A reader that leaves while `watch` waits for the next change (the catch-up fitted in the pipe):
/// watch notices at once, not at the next change, and ends with 0. `timeout` only ends a watch
/// that would otherwise wait forever (no change comes), so the test cannot hang.
@Suite struct WatchReaderGoneCLITests {
    @Test func watchEndsWhenHeadHasItsLinesAndNothingElseHappens() async throws {
        let tracker = try await CLITests.tracker()
        for title in ["One", "Two", "Three"] { #expect(try tracker.run(["create", "-t", title]).status == 0) }
        let piped = try ChildProcess.run(
            "/usr/bin/timeout",
            [
                "60", "/bin/bash", "-c", "\"$0\" watch --since 1 | head -n 2; echo \"status ${PIPESTATUS[0]}\" >&2",
                TrackerProcess.binary.path,
            ],
            environment: tracker.environment, stdin: Data())
        #expect(piped.status == 0, "timeout ends with 124 when watch waited for a change that never came")
        #expect(String(decoding: piped.stderr, as: UTF8.self) == "status 0\n")
        let lines = String(decoding: piped.stdout, as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 2 && lines[0].contains("#2 \"Two\""), "the catch-up starts after event 1: \(lines)")
    }
}
