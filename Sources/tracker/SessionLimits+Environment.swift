import Postgres
import TrackerCore

extension SessionLimits {
    /// `TRACKER_CONNECT_TIMEOUT` (seconds) and `TRACKER_STATEMENT_TIMEOUT` (seconds, may be
    /// fractional, more than 0) over the defaults of 5 s and 30 s.
    static func from(environment: [String: String]) throws(TrackerError) -> SessionLimits {
        var limits = SessionLimits.standard
        if let text = environment["TRACKER_CONNECT_TIMEOUT"] {
            guard let seconds = Int(text), seconds >= 1 else {
                throw TrackerError.invalidInput(
                    field: "environment", rule: "TRACKER_CONNECT_TIMEOUT must be a whole number of seconds, 1 or more")
            }
            limits.connectTimeout = seconds
        }
        if let text = environment["TRACKER_STATEMENT_TIMEOUT"] {
            guard let seconds = Double(text), seconds > 0, seconds < 86_400 else {
                throw TrackerError.invalidInput(
                    field: "environment",
                    rule: "TRACKER_STATEMENT_TIMEOUT must be a number of seconds greater than 0 and below 86400, "
                        + "e.g. 30 or 0.5; '\(text)' is not")
            }
            // At least 1: PostgreSQL reads 0 ms as no limit at all.
            limits.statementTimeoutMilliseconds = max(1, Int((seconds * 1000).rounded()))
        }
        return limits
    }
}
