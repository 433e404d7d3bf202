/// A comment's id: 1 to 2^53 − 1, like an issue number.
public struct CommentID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let value: Int64

    public init(_ value: Int64) throws(TrackerError) {
        guard (1...IssueNumber.maximum).contains(value) else {
            throw .invalidInput(
                field: "comment id", rule: "'\(value)' is not a whole number from 1 to \(IssueNumber.maximum)")
        }
        self.value = value
    }

    public init(parsing text: String) throws(TrackerError) {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int64(text) else {
            throw .invalidInput(
                field: "comment id",
                rule: "'\(text)' is not a comment id such as 42 (see `tracker show N --comments`)")
        }
        try self.init(value)
    }

    public var description: String { String(value) }
    public static func < (lhs: CommentID, rhs: CommentID) -> Bool { lhs.value < rhs.value }
}

/// A comment on an issue.
public struct Comment: Equatable, Sendable {
    public static let maximumBodyLength = IssueDraft.maximumBodyLength

    public var id: CommentID
    public var issue: IssueNumber
    public var author: Login
    public var body: String
    public var createdAt: Timestamp
    public var updatedAt: Timestamp

    public init(
        id: CommentID, issue: IssueNumber, author: Login, body: String, createdAt: Timestamp, updatedAt: Timestamp
    ) {
        self.id = id
        self.issue = issue
        self.author = author
        self.body = body
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// The rules of an issue's body, and not blank: a comment says something.
    public static func validBody(_ body: String) throws(TrackerError) -> String {
        guard !TextRules.containsNul(body) else {
            throw .invalidInput(field: "comment", rule: "contains a NUL byte")
        }
        guard !body.trimmingWhitespace.isEmpty else {
            throw .invalidInput(field: "comment", rule: "cannot be empty; write something")
        }
        let length = TextRules.length(body)
        guard length <= maximumBodyLength else {
            throw .invalidInput(
                field: "comment", rule: "is \(length) characters, the limit is \(maximumBodyLength); shorten it")
        }
        return body
    }
}
