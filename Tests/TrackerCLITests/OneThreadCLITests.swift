import ChildProcesses
import Foundation
import Postgres
import Testing
import TrackerTestSupport

/// Issue 34: a one-shot command runs on one thread besides the main one (`OneThreadRun`): its
/// database work and its output take turns on the main queue, so it starts no thread of Swift's
/// global pool and wakes no other thread at each `await`. Counted while the command waits for the
/// server, held by a lock another session keeps: the count does not depend on the machine.
@Suite struct OneThreadCLITests {
    /// The threads of `arguments` while their statement waits for the lock on `issues` (in a
    /// tracker of one issue, "Issue 1"), and what the command printed once the lock was let go.
    static func threadsWhileWaiting(_ arguments: [String]) async throws -> (threads: Int, printed: String) {
        let (tracker, settings) = try await LabelDeletionRaceCLITests.tracker(issues: 1)
        let locker = try Connection(settings: settings)
        try locker.execute("BEGIN; LOCK TABLE issues IN ACCESS EXCLUSIVE MODE")
        let running = try tracker.start(arguments)
        try LabelDeletionRaceCLITests.waitForALockWait(settings, running)
        let threads = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(running.pid)/task").count
        try locker.execute("ROLLBACK")
        let outcome = try running.wait()
        #expect(outcome.status == 0, "\(String(decoding: outcome.stderr, as: UTF8.self))")
        return (threads, String(decoding: outcome.stdout, as: UTF8.self))
    }

    @Test(arguments: [(["list"], "Issue 1"), (["show", "1"], "Issue 1"), (["close", "1"], "#1")])
    func aHotCommandWaitsForTheServerWithTwoThreads(_ arguments: [String], says: String) async throws {
        let (threads, printed) = try await Self.threadsWhileWaiting(arguments)
        #expect(threads == 2, "the main thread and the main queue's: \(threads)")
        #expect(printed.contains(says), "\(printed)")
    }

    /// A command the quick reader does not know goes through the parser and runs the same way.
    @Test func aParsedCommandWaitsForTheServerWithTwoThreads() async throws {
        let (threads, printed) = try await Self.threadsWhileWaiting(["comment", "1", "--body", "Seen while held"])
        #expect(threads == 2, "\(threads)")
        #expect(printed.contains("#1"), "\(printed)")
    }
}
