import ChildProcesses
import Foundation
import Postgres
import Testing
import TrackerTestSupport

/// `tracker delete`, `restore` and `trash` through the built binary: a deleted issue leaves every
/// view and count, and comes back as it was.
@Suite struct TrashCLITests {
    func json(_ tracker: TrackerProcess, _ arguments: [String]) throws -> Any {
        let outcome = try tracker.run(arguments)
        #expect(outcome.status == 0, "\(arguments): \(outcome.stderr)")
        return try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8))
    }

    func numbers(_ tracker: TrackerProcess, _ arguments: [String] = []) throws -> [Int] {
        let listed = try json(tracker, ["list", "--state", "all", "--json"] + arguments) as? [[String: Any]] ?? []
        return listed.compactMap { $0["number"] as? Int }
    }

    /// The milestone's counts as the tracker keeps them, and as a recount of its live issues.
    func milestoneCounts(_ tracker: TrackerProcess) throws -> (kept: [Int], recounted: [Int]) {
        let listed = try json(tracker, ["milestone", "list", "--json"]) as? [[String: Any]] ?? []
        let kept = [listed.first?["openIssues"] as? Int ?? -1, listed.first?["closedIssues"] as? Int ?? -1]
        let row = try Connection(settings: tracker.environment["DATABASE_URL"]!).query(
            """
            SELECT count(*) FILTER (WHERE state = 'open'), count(*) FILTER (WHERE state = 'closed')
              FROM tracker.issues WHERE milestone_number = 1 AND deleted_at IS NULL
            """
        ).rows[0]
        return (kept, [Int(try row.decode(0) as Int64), Int(try row.decode(1) as Int64)])
    }

    @Test func aDeletedIssueLeavesEveryViewAndComesBackAsItWas() async throws {
        let tracker = try await CLITests.tracker()
        try tracker.run(["milestone", "create", "v1"])
        try tracker.run(["create", "-t", "Keep me", "--milestone", "v1", "--assignee", "@me"])
        try tracker.run(["create", "-t", "Throw zebra away", "--milestone", "v1", "--assignee", "@me"])
        try tracker.run(["comment", "2", "--body", "a word"])
        try tracker.run(["close", "2"])
        let before = try #require(try json(tracker, ["show", "2", "--json"]) as? [String: Any])
        #expect(try milestoneCounts(tracker).kept == [1, 1])

        let deleted = try tracker.run(["delete", "2", "--yes"])
        #expect(deleted.status == 0, "\(deleted.stderr)")
        #expect(deleted.stdout.hasPrefix("Deleted issue #2"), "\(deleted.stdout)")
        #expect(try numbers(tracker) == [1])
        #expect(try numbers(tracker, ["--search", "zebra"]).isEmpty)
        let status = try json(tracker, ["status", "--json"]) as? [String: Any]
        #expect((status?["assigned"] as? [String: Any])?["totalCount"] as? Int == 1)
        let counts = try milestoneCounts(tracker)
        #expect(counts.kept == [1, 0] && counts.kept == counts.recounted)
        let shown = try tracker.run(["show", "2"])
        #expect(shown.status != 0 && shown.stderr.contains("trash"), "\(shown.stderr)")
        let trash = try #require(try json(tracker, ["trash", "list", "--json"]) as? [[String: Any]])
        #expect(trash.count == 1 && (trash.first?.description.contains("Throw zebra away") ?? false), "\(trash)")

        #expect(try tracker.run(["restore", "2"]).stdout == "Restored issue #2\n")
        let after = try #require(try json(tracker, ["show", "2", "--json"]) as? [String: Any])
        let kinds = (after["events"] as? [[String: Any]] ?? []).compactMap { $0["kind"] as? String }
        #expect(kinds.suffix(2) == ["deleted", "restored"])
        var same = after
        same["events"] = (after["events"] as? [[String: Any]])?.dropLast(2).map { $0 }
        #expect(NSDictionary(dictionary: same).isEqual(to: before), "show --json is as before, but for two events")
        let recounted = try milestoneCounts(tracker)
        #expect(recounted.kept == [1, 1] && recounted.kept == recounted.recounted)
        #expect(try numbers(tracker, ["--search", "zebra"]) == [2])
    }

    @Test func deletingAsksAtATerminalAndIsRefusedElsewhereWithoutYes() async throws {
        let tracker = try await CLITests.tracker()
        try tracker.run(["create", "-t", "One"])
        let refused = try tracker.run(["delete", "1"])
        #expect(refused.status == 64 && refused.stderr.contains("--yes"), "\(refused.stderr)")
        #expect(refused.stderr.split(separator: "\n").count == 1)
        #expect(try numbers(tracker) == [1])

        for (answer, left) in [("n", [1]), ("y", [Int]())] {
            let asked = try ChildProcess.run(
                "/usr/bin/script", ["-qec", "\(TrackerProcess.binary.path) delete 1", "/dev/null"],
                environment: tracker.environment, stdin: Data("\(answer)\n".utf8))
            let said = String(decoding: asked.stdout, as: UTF8.self)
            #expect(said.contains("#1"), "the question names the issue: \(said)")
            #expect(try numbers(tracker) == left, "answer \(answer): \(said)")
        }
    }

    @Test func purgeRemovesOnlyWhatIsOlderThanAsked() async throws {
        let tracker = try await CLITests.tracker()
        for title in ["Old", "New"] { try tracker.run(["create", "-t", title]) }
        #expect(try tracker.run(["delete", "1", "2", "--yes"]).status == 0)
        try Connection(settings: tracker.environment["DATABASE_URL"]!).execute(
            "UPDATE tracker.issues SET deleted_at = now() - interval '40 days' WHERE number = 1")
        let bad = try tracker.run(["trash", "purge", "--older-than", "soon", "--yes"])
        #expect(bad.status != 0 && bad.stderr.split(separator: "\n").count == 1, "\(bad.stderr)")
        let purged = try tracker.run(["trash", "purge", "--older-than", "30d", "--yes"])
        #expect(purged.status == 0 && purged.stdout.contains("1 issue"), "\(purged.stdout)\(purged.stderr)")
        let left = try #require(try json(tracker, ["trash", "list", "--json"]) as? [[String: Any]])
        #expect(left.count == 1 && left.description.contains("New"))
        #expect(try tracker.run(["restore", "1"]).status != 0, "a purged issue is gone for good")
    }

    /// A deleted issue is a line in `watch`, as every change is.
    @Test func watchShowsTheDeletionAndTheRestore() async throws {
        let tracker = try await CLITests.tracker()
        try tracker.run(["create", "-t", "Watched"])
        let start: Int64 = try Connection(settings: tracker.environment["DATABASE_URL"]!)
            .query("SELECT max(id) FROM tracker.issue_events").rows[0].decode(0)
        let watcher = try WatchingProcess(tracker, ["watch", "--json", "--since", String(start)])
        defer { _ = try? watcher.stop() }
        try tracker.run(["delete", "1", "--yes"])
        try tracker.run(["restore", "1"])
        let printed = try watcher.jsonLines(count: 2)
        #expect(printed.compactMap { $0["kind"] as? String } == ["deleted", "restored"])
        #expect(printed.allSatisfy { $0["issue"] as? Int == 1 })
    }
}
