import ArgumentParser
import Dispatch

/// A one-shot command runs on one thread: its own (nonisolated) work and the terminal's (main
/// actor) work both go to the main queue, in turn, instead of hopping between the main queue's
/// thread and the global pool's at every `await` that changes isolation. The pool's threads
/// were started for each command (`tracker list` had five threads, now two: the main thread,
/// parked by `dispatch_main`, and the main queue's) and every hop woke another thread: together
/// 1-2.5 ms of a 16-29 ms command (BENCHMARKS.md). Not for the interactive front or `watch`,
/// whose waits on the terminal or the server must leave other work free to run.
enum OneThreadRun {
    static func run(
        _ command: sending any AsyncParsableCommand, isolation: isolated (any Actor)? = #isolation
    ) async throws {
        var command = command
        try await withTaskExecutorPreference(MainQueueTaskExecutor.shared) { try await command.run() }
    }

    /// Whether `command` may run on one thread: every parsed command but the two that wait on
    /// the terminal or the server while other work goes on.
    static func suits(_ command: any ParsableCommand) -> Bool {
        !(command is Tracker) && !(command is WatchCommand)
    }
}

/// Runs a task's jobs on the main queue, where the main actor's run, so the task never needs a
/// thread of the global pool.
final class MainQueueTaskExecutor: TaskExecutor {
    static let shared = MainQueueTaskExecutor()

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        DispatchQueue.main.async { job.runSynchronously(on: executor) }
    }
}
