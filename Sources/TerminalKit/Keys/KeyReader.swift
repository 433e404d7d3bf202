import ChildProcesses

/// What a wait for a key ended with.
public enum KeyEvent: Equatable, Sendable {
    case key(Key)
    /// Live updates signalled their pipe.
    case woken
    /// The window changed size, or tracker came back from Ctrl-Z: draw again.
    case windowChanged
    /// Standard input ended (the terminal hung up).
    case ended
}

/// Reads keys from standard input in raw mode, waiting also for live updates (`wake`) and for
/// window changes (`WindowChanges`). A key that is there wins over both.
public struct KeyReader: Sendable {
    private var decoder = KeyDecoder()
    private var queued: [Key] = []

    /// How long an Escape waits for the rest of a sequence before it counts as the Escape key
    /// (xterm sends a sequence in one write; a person cannot type that fast).
    static let escapeWait: Int32 = 40

    public init() {}

    /// Whether keys already read wait to be taken (typed ahead).
    public var hasQueuedKeys: Bool { !queued.isEmpty }

    public mutating func next(wake: WakePipe? = nil) -> KeyEvent {
        while true {
            if !queued.isEmpty { return .key(queued.removeFirst()) }
            var descriptors = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)]
            if WindowChanges.descriptor >= 0 {
                descriptors.append(pollfd(fd: WindowChanges.descriptor, events: Int16(POLLIN), revents: 0))
            }
            if let wake { descriptors.append(pollfd(fd: wake.readEnd, events: Int16(POLLIN), revents: 0)) }
            let ready = poll(&descriptors, nfds_t(descriptors.count), decoder.isWaiting ? KeyReader.escapeWait : -1)
            if ready < 0 {
                if errno == EINTR { continue }
                return .ended
            }
            if ready == 0 {
                queued += decoder.flush()
                continue
            }
            if descriptors[0].revents != 0 {
                guard readInput() else { return queued.isEmpty ? .ended : .key(queued.removeFirst()) }
                continue
            }
            if WindowChanges.descriptor >= 0, descriptors[1].revents != 0 {
                WindowChanges.drain()
                return .windowChanged
            }
            if wake != nil, descriptors[descriptors.count - 1].revents != 0 { return .woken }
        }
    }

    /// Reads what standard input has; false at its end (or an error that is not an interruption).
    private mutating func readInput() -> Bool {
        var bytes = [UInt8](repeating: 0, count: 256)
        let count = read(STDIN_FILENO, &bytes, bytes.count)
        if count < 0 { return errno == EINTR || errno == EAGAIN }
        guard count > 0 else {
            queued += decoder.flush()
            return false
        }
        queued += decoder.take(bytes[..<count])
        return true
    }
}
