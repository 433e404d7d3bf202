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
}
