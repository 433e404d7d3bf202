/// Why a `LocalCluster` could not be created, started or stopped. The cases a person can fix
/// carry the facts, so that a program can word the fix in its own terms (which setting to change).
public enum LocalClusterError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The server's socket inside `directory` would need `length` bytes; a Unix socket's path has
    /// `room` (`sun_path`: 107 bytes on Linux, 103 on macOS).
    case socketPathTooLong(directory: URL, length: Int, room: Int)
    /// Running as root, which PostgreSQL refuses, and there is no `postgres` user to run it as.
    case noServerAccount
    /// A server program (`initdb`, `pg_ctl`) is in none of the folders searched.
    case programNotFound(String)
    /// A step failed; what happened, in words.
    case failed(String)

    public var description: String {
        switch self {
        case .socketPathTooLong(let directory, let length, let room):
            return "its folder \(directory.path) is too deep: the socket path inside would be \(length) bytes, "
                + "too long for a Unix socket (at most \(room))"
        case .noServerAccount:
            return "running as root, but PostgreSQL refuses to run as root and there is no 'postgres' "
                + "user: install the postgresql package or run as a normal user"
        case .programNotFound(let name):
            return "PostgreSQL server programs (\(name)) not found: install them with "
                + "'apt-get install postgresql' (Debian/Ubuntu) or 'brew install postgresql@16' (macOS)"
        case .failed(let message):
            return message
        }
    }
}
