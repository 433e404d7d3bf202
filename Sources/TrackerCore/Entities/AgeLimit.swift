/// How old something must be, as typed after `--older-than`: a whole number of hours, days or
/// weeks (`12h`, `30d`, `2w`), at most 100 years.
public struct AgeLimit: Equatable, Sendable {
    public let seconds: Int64

    public init(parsing text: String) throws(TrackerError) {
        let units: [Character: Int64] = ["h": 3_600, "d": 86_400, "w": 604_800]
        let digits = text.dropLast()
        guard let unit = text.last.flatMap({ units[$0] }), !digits.isEmpty, digits.count <= 6,
            digits.allSatisfy({ $0.isASCII && $0.isNumber }), let count = Int64(digits),
            count * unit <= 100 * 365 * 86_400
        else {
            throw .invalidInput(
                field: "--older-than", rule: "'\(text)' is not an age such as 30d, 2w or 12h (at most 100 years)")
        }
        seconds = count * unit
    }

    /// The moment before which something is this old, seen at `now`.
    public func cutoff(from now: Timestamp) -> Timestamp {
        Timestamp(microseconds: now.microseconds - seconds * 1_000_000) ?? .minimum
    }
}
