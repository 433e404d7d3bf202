import Dispatch
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Ctrl-C (SIGINT) and SIGTERM for a command that runs until it is told to stop: they cancel its
/// work instead of killing the process, so it can close its database session first.
enum InterruptSignals {
    /// Runs `work` until it ends or one of the signals cancels it; returns that signal, nil when
    /// `work` ended on its own.
    static func cancelling(_ work: @escaping @Sendable () async throws -> Void) async throws -> Int32? {
        let received = Received()
        let task = Task { try await work() }
        let sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                received.keep(number)
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

    /// The exit status a shell gives a process a signal ended (130 for Ctrl-C).
    static func exitStatus(for signal: Int32) -> Int32 { 128 + signal }

    private final class Received: Sendable {
        private let number = Mutex<Int32?>(nil)

        func keep(_ signal: Int32) { number.withLock { $0 = $0 ?? signal } }
        var first: Int32? { number.withLock { $0 } }
    }
}
