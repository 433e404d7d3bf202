/// A milestone's number: 1 to 2^53 − 1, like an issue's (an import keeps gh's, up to 2^31 − 1,
/// so there is always room to create more).
public struct MilestoneNumber: Hashable, Comparable, Sendable, CustomStringConvertible {
    public static let maximum: Int64 = IssueNumber.maximum
    public let value: Int64

    public init(_ value: Int64) throws(TrackerError) {
        guard (1...MilestoneNumber.maximum).contains(value) else {
            throw .invalidInput(
                field: "milestone number", rule: "'\(value)' is not a whole number from 1 to \(MilestoneNumber.maximum)"
            )
        }
        self.value = value
    }

    public var description: String { String(value) }
    public static func < (lhs: MilestoneNumber, rhs: MilestoneNumber) -> Bool { lhs.value < rhs.value }
}

/// A milestone's title: 1–256 characters on one line, unique ignoring case.
public typealias MilestoneTitle = NameIgnoringCase<MilestoneTitles>

public enum MilestoneTitles: NameKind {
    public static let rule = NameRule(field: "milestone title", plural: "titles", maximumLength: 256)
}

public enum MilestoneState: String, Sendable, CaseIterable {
    case open
    case closed
}

/// A milestone with how many of its issues are open and closed.
public struct Milestone: Equatable, Sendable {
    public var number: MilestoneNumber
    public var title: MilestoneTitle
    public var description: String
    public var dueOn: Timestamp?
    public var state: MilestoneState
    public var openIssues: Int64
    public var closedIssues: Int64

    public init(
        number: MilestoneNumber, title: MilestoneTitle, description: String = "", dueOn: Timestamp? = nil,
        state: MilestoneState = .open, openIssues: Int64 = 0, closedIssues: Int64 = 0
    ) {
        self.number = number
        self.title = title
        self.description = description
        self.dueOn = dueOn
        self.state = state
        self.openIssues = openIssues
        self.closedIssues = closedIssues
    }

    /// Closed issues out of all, rounded down (0 with no issues), as gh's progress bar shows it.
    public var percentDone: Int {
        let total = openIssues + closedIssues
        guard total > 0 else { return 0 }
        return Int(closedIssues * 100 / total)
    }

    /// Open, with a due date that has passed.
    public func isOverdue(at now: Timestamp) -> Bool {
        guard state == .open, let dueOn else { return false }
        return dueOn < now
    }

    /// What an issue shows of its milestone.
    public var summary: IssueMilestone {
        IssueMilestone(number: number, title: title, description: description, dueOn: dueOn, state: state)
    }

    public static func validDescription(_ text: String) throws(TrackerError) -> String {
        try IssueDraft.validBody(text, field: "milestone description")
    }
}

/// An issue's milestone as a list or `--json milestone` shows it (gh's fields).
public struct IssueMilestone: Equatable, Sendable {
    public var number: MilestoneNumber
    public var title: MilestoneTitle
    /// Carried so an export → import keeps it (gh's milestone field has it too).
    public var description: String
    public var dueOn: Timestamp?
    public var state: MilestoneState

    public init(
        number: MilestoneNumber, title: MilestoneTitle, description: String = "", dueOn: Timestamp?,
        state: MilestoneState
    ) {
        self.number = number
        self.title = title
        self.description = description
        self.dueOn = dueOn
        self.state = state
    }
}

/// A due date as typed: `YYYY-MM-DD`, due at midnight UTC of that day.
public enum DueDate {
    public static func parse(_ text: String) throws(TrackerError) -> Timestamp {
        let digits = text.utf8.enumerated().allSatisfy { offset, byte in
            offset == 4 || offset == 7
                ? byte == UInt8(ascii: "-") : (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }
        guard text.utf8.count == 10, digits, let due = Timestamp(iso8601: text + "T00:00:00Z") else {
            throw .invalidInput(field: "due date", rule: "'\(text)' is not a date such as 2026-12-31 (YYYY-MM-DD)")
        }
        return due
    }

    /// The day part, as typed: `2026-12-31`.
    public static func text(_ due: Timestamp) -> String { String(due.iso8601.prefix(10)) }
}

/// What `milestone edit` changes; `nil` keeps the current value.
public struct MilestoneChange: Equatable, Sendable {
    public enum Due: Equatable, Sendable {
        case on(Timestamp)
        case cleared
    }

    public var title: MilestoneTitle?
    public var description: String?
    public var due: Due?

    public init(title: MilestoneTitle? = nil, description: String? = nil, due: Due? = nil) throws(TrackerError) {
        self.title = title
        self.description = try description.map { text throws(TrackerError) in try Milestone.validDescription(text) }
        self.due = due
    }

    public var isEmpty: Bool { title == nil && description == nil && due == nil }
}
