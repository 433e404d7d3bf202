/// An issue's number: a positive integer, written `12` or `#12`.
public struct IssueNumber: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let value: Int64

    public init(_ value: Int64) throws(TrackerError) {
        guard value > 0 else {
            throw .invalidInput(field: "issue number", rule: "'\(value)' is not a positive whole number")
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
