/// An instant as PostgreSQL keeps it: whole microseconds since 1970-01-01T00:00:00Z, in the
/// proleptic Gregorian calendar, from 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999999Z (the
/// years four-digit ISO-8601 text, gh and PostgreSQL's text output all carry). Nothing outside
/// that range can be made, so whatever is stored can be read back and written out again.
public struct Timestamp: Hashable, Comparable, Sendable, CustomStringConvertible {
    public static let minimum = Timestamp(unchecked: -62_135_596_800_000_000)
    public static let maximum = Timestamp(unchecked: 253_402_300_799_999_999)

    public let microseconds: Int64

    public init?(microseconds: Int64) {
        guard (Timestamp.minimum.microseconds...Timestamp.maximum.microseconds).contains(microseconds) else {
            return nil
        }
        self.microseconds = microseconds
    }

    private init(unchecked microseconds: Int64) {
        self.microseconds = microseconds
    }

    /// The clock's time, to the microsecond (a clock outside the range is clamped into it).
    public init(_ date: Date) {
        let micros = (date.timeIntervalSince1970 * 1_000_000).rounded()
        guard micros > Double(Timestamp.minimum.microseconds) else {
            self = .minimum
            return
        }
        guard micros < Double(Timestamp.maximum.microseconds) else {
            self = .maximum
            return
        }
        self.microseconds = Int64(micros)
    }

    public static func now() -> Timestamp { Timestamp(Date()) }

    /// For display only (relative ages): a `Date` loses microseconds far from 1970.
    public var date: Date { Date(timeIntervalSince1970: Double(microseconds) / 1_000_000) }

    /// Whole seconds from `earlier` to this instant (never traps: the range keeps it small).
    public func seconds(since earlier: Timestamp) -> Int64 {
        (microseconds - earlier.microseconds) / 1_000_000
    }

    public var description: String { iso8601 }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool { lhs.microseconds < rhs.microseconds }
}
