/// Bounds on waiting for the database: how long to try to connect, and how long any one
/// statement may run before the server cancels it (SQLSTATE 57014).
public struct SessionLimits: Sendable, Equatable {
    /// Seconds; libpq's `connect_timeout`.
    public var connectTimeout: Int
    /// Milliseconds; 0 means no limit.
    public var statementTimeoutMilliseconds: Int

    public static let standard = SessionLimits(connectTimeout: 5, statementTimeoutMilliseconds: 30_000)

    public init(connectTimeout: Int, statementTimeoutMilliseconds: Int) {
        self.connectTimeout = connectTimeout
        self.statementTimeoutMilliseconds = statementTimeoutMilliseconds
    }

    /// `TRACKER_CONNECT_TIMEOUT` (seconds) and `TRACKER_STATEMENT_TIMEOUT` (seconds, may be
    /// fractional, more than 0) over the defaults of 5 s and 30 s.
    public static func from(environment: [String: String]) throws(PostgresError) -> SessionLimits {
        var limits = SessionLimits.standard
        if let text = environment["TRACKER_CONNECT_TIMEOUT"] {
            guard let seconds = Int(text), seconds >= 1 else {
                throw PostgresError(
                    kind: .invalidSettings,
                    message: "TRACKER_CONNECT_TIMEOUT must be a whole number of seconds, 1 or more")
            }
            limits.connectTimeout = seconds
        }
        if let text = environment["TRACKER_STATEMENT_TIMEOUT"] {
            guard let seconds = Double(text), seconds > 0, seconds < 86_400 else {
                throw PostgresError(
                    kind: .invalidSettings,
                    message: "TRACKER_STATEMENT_TIMEOUT must be a number of seconds greater than 0 and below 86400, "
                        + "e.g. 30 or 0.5; '\(text)' is not")
            }
            // At least 1: PostgreSQL reads 0 ms as no limit at all.
            limits.statementTimeoutMilliseconds = max(1, Int((seconds * 1000).rounded()))
        }
        return limits
    }
}
