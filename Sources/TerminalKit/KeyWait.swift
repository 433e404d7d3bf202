import ChildProcesses

/// Waits at a prompt for the next key, or for a wake-up from live updates.
enum KeyWait: Equatable {
    case key
    case woken

    /// Blocks until standard input has a byte or `wake` is signalled (a key that is there wins).
    static func untilKeyOr(_ wake: WakePipe) -> KeyWait {
        var descriptors = [
            pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wake.readEnd, events: Int16(POLLIN), revents: 0),
        ]
        while poll(&descriptors, 2, -1) < 0, errno == EINTR {}
        if descriptors[0].revents != 0 { return .key }
        return descriptors[1].revents != 0 ? .woken : .key
    }
}
