/// An issue's number: 1 to 2^53 − 1, written `12` or `#12`. The ceiling is the largest
/// integer every JSON reader (JavaScript's included) holds exactly; the schema enforces it too.
public struct IssueNumber: Hashable, Comparable, Sendable, CustomStringConvertible {
    public static let maximum: Int64 = 9_007_199_254_740_991
    public let value: Int64

    public init(_ value: Int64) throws(TrackerError) {
        guard (1...IssueNumber.maximum).contains(value) else {
            throw .invalidInput(
                field: "issue number", rule: "'\(value)' is not a whole number from 1 to \(IssueNumber.maximum)")
        }
        self.value = value
    }

    public init(parsing text: String) throws(TrackerError) {
        let digits = text.hasPrefix("#") ? String(text.dropFirst()) : text
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber),
            let value = Int64(digits)
        else {
            throw .invalidInput(
                field: "issue number", rule: "'\(text)' is not a positive whole number such as 12")
        }
        try self.init(value)
    }

    public var description: String { "#\(value)" }
    public static func < (lhs: IssueNumber, rhs: IssueNumber) -> Bool { lhs.value < rhs.value }
}
