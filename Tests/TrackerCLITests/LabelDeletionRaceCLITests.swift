import ChildProcesses
import Foundation
import Postgres
import Testing
import TrackerTestSupport

/// `tracker label delete` while other people label and unlabel: every issue's timeline says
/// exactly what happened to it, and the count said is the issues the deletion took the label off.
@Suite struct LabelDeletionRaceCLITests {
    static func tracker(issues: Int) async throws -> (TrackerProcess, String) {
        let settings = try await TestPostgres.shared.freshDatabase()
        let tracker = TrackerProcess(databaseSettings: settings)
        #expect(try tracker.run(["users", "add", "tester"]).status == 0)
        #expect(try tracker.run(["label", "create", "bug"]).status == 0)
        for number in 1...issues { #expect(try tracker.run(["create", "-t", "Issue \(number)"]).status == 0) }
        return (tracker, settings)
    }

    /// `labeled`/`unlabeled` events of `bug` on each issue, oldest first.
    static func bugEvents(_ settings: String) throws -> [Int64: [String]] {
        var events: [Int64: [String]] = [:]
        let rows = try Connection(settings: settings).query(
            "SELECT issue_number, kind FROM issue_events WHERE label_name = 'bug' ORDER BY issue_number, id")
        for row in rows.rows { events[try row.decode(0), default: []].append(try row.decode(1)) }
        return events
    }

    /// Waits until a session of this database waits for a lock.
    static func waitForALockWait(_ settings: String, _ process: ChildProcess.Running) throws {
        let watcher = try Connection(settings: settings)
        _ = try WatchingProcess.waitFor("the deletion to wait for the lock", in: process) {
            let waiting: Int64 = try watcher.query(
                """
                SELECT count(*) FROM pg_stat_activity
                 WHERE datname = current_database() AND wait_event_type = 'Lock'
                """
            ).rows[0].decode(0)
            return waiting > 0 ? true : nil
        }
    }

    /// A labelling that has not committed yet when the deletion starts: it lands first, and the
    /// deletion then takes the label off that issue too, with its event.
    @Test func anIssueLabelledWhileTheDeletionWaitsGetsItsUnlabeledEvent() async throws {
        let (tracker, settings) = try await Self.tracker(issues: 2)
        let labeller = try Connection(settings: settings)
        try labeller.execute(
            """
            BEGIN;
            INSERT INTO issue_labels (label_id, issue_number) SELECT id, 1 FROM labels WHERE name = 'bug';
            INSERT INTO issue_events (issue_number, kind, actor_id, label_name)
                 SELECT 1, 'labeled', id, 'bug' FROM users WHERE login = 'tester';
            """)
        let deleting = try tracker.start(["label", "delete", "bug", "--yes"])
        try Self.waitForALockWait(settings, deleting)
        try labeller.execute("COMMIT")
        let deleted = try deleting.wait()
        #expect(deleted.status == 0, "\(String(decoding: deleted.stderr, as: UTF8.self))")
        #expect(String(decoding: deleted.stdout, as: UTF8.self).contains("1 issue"), "the count says one issue")
        #expect(try Self.bugEvents(settings) == [1: ["labeled", "unlabeled"]])
    }

    /// A removal that has not committed yet when the deletion starts: the removal keeps its own
    /// event and the deletion records none for that issue.
    @Test func aRemovalUnderWayIsRecordedOnce() async throws {
        let (tracker, settings) = try await Self.tracker(issues: 2)
        #expect(try tracker.run(["edit", "1", "2", "--add-label", "bug"]).status == 0)
        let remover = try Connection(settings: settings)
        try remover.execute(
            """
            BEGIN;
            DELETE FROM issue_labels WHERE issue_number = 2;
            INSERT INTO issue_events (issue_number, kind, actor_id, label_name)
                 SELECT 2, 'unlabeled', id, 'bug' FROM users WHERE login = 'tester';
            UPDATE issues SET updated_at = clock_timestamp() WHERE number = 2;
            """)
        let deleting = try tracker.start(["label", "delete", "bug", "--yes"])
        try Self.waitForALockWait(settings, deleting)
        try remover.execute("COMMIT")
        let deleted = try deleting.wait()
        #expect(deleted.status == 0, "\(String(decoding: deleted.stderr, as: UTF8.self))")
        #expect(String(decoding: deleted.stdout, as: UTF8.self).contains("1 issue"), "only #1 had it left")
        #expect(try Self.bugEvents(settings) == [1: ["labeled", "unlabeled"], 2: ["labeled", "unlabeled"]])
    }

    /// Ten writers keep adding and removing the label on 20 issues while it is deleted and made
    /// again, five times: on every issue the events alternate, starting with `labeled`, and end
    /// with `unlabeled`, since the label is gone at the end.
    @Test func tenWritersAndRepeatedDeletionsLeaveEveryTimelineTrue() async throws {
        let (tracker, settings) = try await Self.tracker(issues: 20)
        let stop = FileManager.default.temporaryDirectory.appending(path: "stop-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: stop) }
        let writers = try (0..<10).map { writer in
            try ChildProcess.start(
                "/bin/sh",
                [
                    "-c",
                    """
                    i=\(writer)
                    while [ ! -e '\(stop)' ]; do
                        i=$(( (i * 1103515245 + 12345) % 2147483648 )); n=$(( (i >> 8) % 20 + 1 ))
                        if [ $(( (i >> 4) % 2 )) -eq 0 ]; then v=--add-label; else v=--remove-label; fi
                        "$0" edit $n $v bug >/dev/null 2>&1
                    done
                    """,
                    TrackerProcess.binary.path,
                ], environment: tracker.environment, stdin: Data())
        }
        for round in 1...5 {
            try await Task.sleep(for: .milliseconds(400))
            let deleted = try tracker.run(["label", "delete", "bug", "--yes"])
            #expect(deleted.status == 0, "round \(round): \(deleted.stderr)")
            if round < 5 { #expect(try tracker.run(["label", "create", "bug"]).status == 0) }
        }
        _ = FileManager.default.createFile(atPath: stop, contents: nil)
        for writer in writers { _ = try writer.wait() }

        #expect(try Connection(settings: settings).query("SELECT count(*) FROM issue_labels").rows[0].decode(0) == 0)
        let events = try Self.bugEvents(settings)
        #expect(events.count > 10, "the writers labelled most issues")
        for (number, kinds) in events {
            let alternating = kinds.enumerated().allSatisfy { $1 == ($0.isMultiple(of: 2) ? "labeled" : "unlabeled") }
            #expect(alternating && kinds.last == "unlabeled", "issue #\(number): \(kinds)")
        }
    }
}
