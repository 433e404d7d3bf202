/// The terminal window changed size (SIGWINCH), or tracker came back from Ctrl-Z: counted, and
/// told through a pipe that a wait for a key also polls, so the screen is drawn again at once.
public enum WindowChanges {
    /// Starts listening (once); later calls do nothing.
    public static func listen() {
        guard readEnd < 0 else { return }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return }
        for end in ends {
            _ = fcntl(end, F_SETFL, O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        readEnd = ends[0]
        writeEnd = ends[1]
        handle(SIGWINCH, with: windowChanged, flags: Int32(SA_RESTART))
    }

    /// The pipe's read end to poll; -1 before `listen`.
    public static var descriptor: Int32 { readEnd }

    /// How many changes so far: a size read at an older count is stale.
    public static var generation: Int { Int(changes) }

    /// Empties the pipe once its news is taken.
    public static func drain() {
        guard readEnd >= 0 else { return }
        var bytes = [UInt8](repeating: 0, count: 64)
        while read(readEnd, &bytes, bytes.count) > 0 {}
    }

    /// Safe in a signal handler.
    static func notify() {
        changes &+= 1
        guard writeEnd >= 0 else { return }
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    nonisolated(unsafe) private static var readEnd: Int32 = -1
    nonisolated(unsafe) private static var writeEnd: Int32 = -1
    nonisolated(unsafe) private static var changes: sig_atomic_t = 0
}

private func windowChanged(_: Int32) {
    let saved = errno
    WindowChanges.notify()
    errno = saved
}
