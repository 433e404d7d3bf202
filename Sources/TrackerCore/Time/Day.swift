/// A calendar day in UTC (as due dates are: due at midnight UTC), counted from 1970-01-01.
public struct Day: Hashable, Comparable, Sendable, CustomStringConvertible {
    static let microsecondsPerDay: Int64 = 86_400_000_000
    public static let first = Day(containing: .minimum)
    public static let last = Day(containing: .maximum)

    /// Days since 1970-01-01 (negative before it).
    public let value: Int64

    public init(containing time: Timestamp) {
        let (quotient, remainder) = time.microseconds.quotientAndRemainder(dividingBy: Day.microsecondsPerDay)
        value = remainder < 0 ? quotient - 1 : quotient
    }

    /// `YYYY-MM-DD`, as PostgreSQL writes a date; nil for anything else or outside years 0001–9999.
    public init?(iso8601 text: String) {
        guard text.utf8.count == 10, let time = Timestamp(iso8601: text + "T00:00:00Z") else { return nil }
        self.init(containing: time)
    }

    private init(value: Int64) { self.value = value }

    /// Midnight UTC, the day's first moment.
    public var start: Timestamp { Timestamp(microseconds: value * Day.microsecondsPerDay) ?? .minimum }

    /// `days` later (earlier when negative), kept within years 0001–9999.
    public func adding(_ days: Int64) -> Day {
        let (sum, overflow) = value.addingReportingOverflow(days)
        guard !overflow else { return days < 0 ? .first : .last }
        return Day(value: min(max(sum, Day.first.value), Day.last.value))
    }

    /// Days from `earlier` to this one.
    public func days(since earlier: Day) -> Int64 { value - earlier.value }

    /// The Monday of its week (ISO weeks, as PostgreSQL's `date_trunc('week', …)`); 1970-01-01 was a Thursday.
    public var monday: Day {
        let (_, remainder) = (value + 3).quotientAndRemainder(dividingBy: 7)
        return adding(-(remainder < 0 ? remainder + 7 : remainder))
    }

    /// `2026-12-31`.
    public var description: String { String(start.iso8601.prefix(10)) }

    public static func < (lhs: Day, rhs: Day) -> Bool { lhs.value < rhs.value }
}
