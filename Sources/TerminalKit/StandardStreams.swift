/// Writes to standard output and error with write(2), never trapping (Foundation's FileHandle
/// traps when a stream is closed). When the reader of standard output goes away (`tracker
/// export | head`), tracker ends quietly with status 0; a closed standard error is ignored.
public enum StandardStreams {
    /// Call once at start: a closed pipe then shows up as EPIPE instead of killing the process.
    public static func ignoreBrokenPipes() {
        signal(SIGPIPE, SIG_IGN)
    }

    public static func writeOutput(_ bytes: some Collection<UInt8>) {
        if !drain(bytes, to: STDOUT_FILENO) { exit(0) }
    }

    public static func writeError(_ bytes: some Collection<UInt8>) {
        _ = drain(bytes, to: STDERR_FILENO)
    }

    /// Writes every byte to `descriptor` (a pipe to a pager too), waiting while it is full;
    /// false when it cannot take more (closed, or its reader went away).
    public static func drain(_ bytes: some Collection<UInt8>, to descriptor: Int32) -> Bool {
        let buffer = Array(bytes)
        var offset = 0
        while offset < buffer.count {
            let written = buffer.withUnsafeBytes { raw in
                write(descriptor, raw.baseAddress! + offset, buffer.count - offset)
            }
            if written > 0 {
                offset += written
            } else if written < 0, errno == EINTR {
                continue
            } else if written < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                var wait = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                _ = poll(&wait, 1, -1)
            } else {
                return false
            }
        }
        return true
    }
}
