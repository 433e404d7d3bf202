/// A new issue as a person wrote it, already checked against the product's limits.
public struct IssueDraft: Equatable, Sendable {
    public static let maximumTitleLength = 256
    public static let maximumBodyLength = 65_536
    public static let maximumAssignees = 10

    public let title: String
    public let body: String
    public let assignees: [Login]
    /// Repeated names (in any case) are dropped.
    public let labels: [LabelName]
    public let milestone: MilestoneTitle?
    /// Set on the issue as it is created (no triage needed: part of creating it).
    public var priority: Priority?
    public var dueOn: Timestamp?
    /// The issue it is created as a sub-issue of.
    public var parent: IssueNumber?

    /// The title is trimmed; the body is kept as typed. Lengths count Unicode scalars, as
    /// PostgreSQL's `char_length` does, so the core and the schema agree.
    public init(
        title: String, body: String = "", assignees: [Login] = [], labels: [LabelName] = [],
        milestone: MilestoneTitle? = nil
    ) throws(TrackerError) {
        self.title = try IssueDraft.validTitle(title)
        self.body = try IssueDraft.validBody(body)
        self.assignees = try IssueDraft.validAssignees(assignees)
        self.labels = IssueDraft.unique(labels)
        self.milestone = milestone
    }

    static func unique<T: Equatable>(_ values: [T]) -> [T] {
        var unique: [T] = []
        for value in values where !unique.contains(value) { unique.append(value) }
        return unique
    }

    /// Drops repeated logins (in any case); more than 10 is refused.
    public static func validAssignees(_ assignees: [Login], issue: IssueNumber? = nil) throws(TrackerError) -> [Login] {
        let unique = IssueDraft.unique(assignees)
        guard unique.count <= maximumAssignees else {
            throw .tooManyAssignees(issue: issue, count: unique.count)
        }
        return unique
    }

    public static func validTitle(_ title: String) throws(TrackerError) -> String {
        guard !TextRules.containsNul(title) else {
            throw .invalidInput(field: "title", rule: "contains a NUL byte")
        }
        let trimmed = title.trimmingWhitespace
        guard !trimmed.isEmpty else {
            throw .invalidInput(field: "title", rule: "cannot be empty; give a short summary of the issue")
        }
        let length = TextRules.length(trimmed)
        guard length <= maximumTitleLength else {
            throw .invalidInput(
                field: "title",
                rule: "is \(length) characters, the limit is \(maximumTitleLength); shorten it")
        }
        guard !TextRules.containsControl(trimmed) else {
            throw .invalidInput(
                field: "title", rule: "control characters or escape sequences are not allowed; use plain text")
        }
        return trimmed
    }

    /// `field` names what the text is in the refusal (a milestone's description follows this rule too).
    public static func validBody(_ body: String, field: String = "body") throws(TrackerError) -> String {
        guard !TextRules.containsNul(body) else {
            throw .invalidInput(field: field, rule: "contains a NUL byte")
        }
        let length = TextRules.length(body)
        guard length <= maximumBodyLength else {
            throw .invalidInput(
                field: field,
                rule: "is \(length) characters, the limit is \(maximumBodyLength); shorten it or link to a file")
        }
        return body
    }
}
