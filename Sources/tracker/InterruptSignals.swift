import Dispatch
import Synchronization

/// Ctrl-C (SIGINT) and SIGTERM for a command that runs until it is told to stop, and the reader
/// of its output going away (`tracker watch | head -2`): they cancel its work instead of killing
/// the process, so it can close its database session first.
enum InterruptSignals {
    /// Runs `work` until it ends, one of the signals cancels it, or (`watchingOutput`) standard
    /// output's reader goes away while it waits; returns the status to exit with (128 + the
    /// signal, 0 for a reader that left), nil when `work` ended on its own.
    static func cancelling(
        watchingOutput: Bool = false, _ work: @escaping @Sendable () async throws -> Void
    ) async throws -> Int32? {
        let received = Received()
        let task = Task { try await work() }
        if watchingOutput { endWhenOutputCloses(task, received: received) }
        let sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                received.keep(128 + number)
                task.cancel()
            }
            source.resume()
            return source
        }
        defer {
            for source in sources { source.cancel() }
        }
        do {
            try await task.value
        } catch {
            // Whatever the cancelled work threw on its way out, the signal is what ended it.
            if received.first == nil { throw error }
        }
        return received.first
    }

    /// A pipe's write end reports an error once its reader has closed it, and a terminal a
    /// hang-up: poll asks for nothing else, so a file or a working terminal never wakes it.
    private static func endWhenOutputCloses(_ task: Task<Void, any Error>, received: Received) {
        DispatchQueue.global().async {
            var output = pollfd(fd: STDOUT_FILENO, events: 0, revents: 0)
            while poll(&output, 1, -1) < 0, errno == EINTR {}
            guard output.revents & Int16(POLLERR | POLLHUP) != 0 else { return }
            received.keep(0)
            task.cancel()
        }
    }

    /// The exit status of whatever asked first to stop.
    private final class Received: Sendable {
        private let status = Mutex<Int32?>(nil)

        func keep(_ exitStatus: Int32) { status.withLock { $0 = $0 ?? exitStatus } }
        var first: Int32? { status.withLock { $0 } }
    }
}
