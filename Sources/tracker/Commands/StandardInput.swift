import SettingsFile
import TrackerCore

/// Reads standard input to its end with read(2): Foundation's `readDataToEndOfFile` ends the
/// process (a `try!` inside) when the descriptor is closed or set non-blocking.
enum StandardInput {
    static func readToEnd(_ descriptor: Int32 = STDIN_FILENO) throws -> Data {
        // Started with standard input closed, the process reuses descriptor 0 for its own files
        // (libdispatch's eventfd), all opened close-on-exec; one inherited across exec never is.
        let flags = fcntl(descriptor, F_GETFD)
        guard flags != -1, flags & FD_CLOEXEC == 0 else { throw closed }
        return try DescriptorReading.readAll(descriptor) { code in code == EBADF ? closed : unreadable(code) }
    }

    private static var closed: TrackerError {
        .invalidInput(
            field: "standard input",
            rule: "it is closed, so there is nothing to read; pipe the text in, or give a file instead of -")
    }

    private static func unreadable(_ code: Int32) -> TrackerError {
        .invalidInput(
            field: "standard input",
            rule: "cannot read it (\(String(cString: strerror(code)))); pipe the text in, or give a file instead of -")
    }
}
