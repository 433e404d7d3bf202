import Foundation

/// One issue read from an export (ours or `gh issue list --json …`), already checked against
/// the product's limits.
public struct ImportedIssue: Equatable, Sendable {
    public var number: Int64?
    public var title: String
    public var body: String
    public var state: IssueState
    public var stateReason: StateReason?
    public var author: Login
    public var assignees: [Login]
    public var createdAt: Date
    public var updatedAt: Date
    public var closedAt: Date?

    public init(
        number: Int64?, title: String, body: String, state: IssueState, stateReason: StateReason?, author: Login,
        assignees: [Login], createdAt: Date, updatedAt: Date, closedAt: Date?
    ) throws(TrackerError) {
        if let number, number <= 0 {
            throw .invalidInput(field: "number", rule: "'\(number)' is not a positive whole number")
        }
        self.number = number
        self.title = try IssueDraft.validTitle(title)
        self.body = try IssueDraft.validBody(body)
        self.state = state
        self.stateReason = stateReason
        self.author = author
        self.assignees = try IssueDraft.validAssignees(assignees)
        self.createdAt = createdAt
        self.updatedAt = max(updatedAt, createdAt)
        self.closedAt = state == .closed ? (closedAt ?? updatedAt) : nil
    }
}

/// What an import did: how many issues, and the old → new numbers when they were renumbered
/// (the tracker was not empty).
public struct ImportResult: Equatable, Sendable {
    public var count: Int
    public var renumbered: [(old: Int64, new: Int64)]

    public init(count: Int, renumbered: [(old: Int64, new: Int64)]) {
        self.count = count
        self.renumbered = renumbered
    }

    public static func == (lhs: ImportResult, rhs: ImportResult) -> Bool {
        lhs.count == rhs.count && lhs.renumbered.map(\.old) == rhs.renumbered.map(\.old)
            && lhs.renumbered.map(\.new) == rhs.renumbered.map(\.new)
    }
}
