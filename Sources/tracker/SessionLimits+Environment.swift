import Postgres
import TrackerCore

extension SessionLimits {
    /// The longest either limit may be, in seconds: a day.
    static let longestSeconds = 86_400

    /// `TRACKER_CONNECT_TIMEOUT` (whole seconds, 1 to a day) and `TRACKER_STATEMENT_TIMEOUT`
    /// (seconds, may be fractional, more than 0 and below a day) over the defaults of 5 s and
    /// 30 s. Both are plain decimal numbers as people write them: `0x10`, `1e3` or `nan` are
    /// refused, not read as Swift would read them.
    static func from(environment: [String: String]) throws(TrackerError) -> SessionLimits {
        var limits = SessionLimits.standard
        if let text = environment["TRACKER_CONNECT_TIMEOUT"] {
            guard text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
                let seconds = Int(text), (1...longestSeconds).contains(seconds)
            else {
                throw TrackerError.invalidInput(
                    field: "environment",
                    rule: "TRACKER_CONNECT_TIMEOUT must be a whole number of seconds from 1 to \(longestSeconds); "
                        + "'\(text)' is not")
            }
            limits.connectTimeout = seconds
        }
        if let text = environment["TRACKER_STATEMENT_TIMEOUT"] {
            guard isPlainDecimal(text), let seconds = Double(text), seconds > 0, seconds < Double(longestSeconds) else {
                throw TrackerError.invalidInput(
                    field: "environment",
                    rule: "TRACKER_STATEMENT_TIMEOUT must be a number of seconds greater than 0 and below "
                        + "\(longestSeconds), e.g. 30 or 0.5; '\(text)' is not")
            }
            // At least 1: PostgreSQL reads 0 ms as no limit at all.
            limits.statementTimeoutMilliseconds = max(1, Int((seconds * 1000).rounded()))
        }
        return limits
    }

    /// Digits with at most one `.` among them (`30`, `0.5`, `.5`, `2.`).
    private static func isPlainDecimal(_ text: String) -> Bool {
        let digits = text.utf8.filter { $0 != UInt8(ascii: ".") }
        return !digits.isEmpty && text.utf8.count - digits.count <= 1
            && digits.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }
}
