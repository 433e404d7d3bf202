/// One issue read from an export (ours or `gh issue list --json …`), already checked against
/// the product's limits.
public struct ImportedIssue: Equatable, Sendable {
    /// The highest number an import may keep: gh's numbers are GraphQL `Int`s (32-bit), and the
    /// room above it up to `IssueNumber.maximum` stays free for issues created afterwards.
    public static let maximumNumber: Int64 = 2_147_483_647

    public var number: Int64?
    public var title: String
    public var body: String
    public var state: IssueState
    public var stateReason: StateReason?
    public var author: Login
    public var assignees: [Login]
    public var createdAt: Timestamp
    public var updatedAt: Timestamp
    public var closedAt: Timestamp?
    /// Oldest first, as exported.
    public var comments: [ImportedComment] = []
    /// Labels missing from the tracker are created with this colour and description.
    public var labels: [Label] = []
    /// A milestone missing from the tracker (by title) is created as described.
    public var milestone: ImportedMilestone?
    /// Issue 30's planning fields (`priority`, `dueOn` in the file).
    public var priority: Priority?
    public var dueOn: Timestamp?
    /// Sub-issues and dependencies, by the numbers the file gives its issues (`ImportStructure`).
    public var parent: Int64?
    public var subIssues: [Int64] = []
    public var blockedBy: [Int64] = []
    /// The original of an issue closed as a duplicate, by its number in the file.
    public var duplicateOf: Int64?
    /// Where the record came from, as the file names it (gh's `url`, else its `id`): an issue
    /// already imported from it is skipped. A record naming none is known by its fingerprint.
    public var source: String?
    /// The display names the record gives its people (gh's `name` beside each `login`), by
    /// lowercased login; empty names are left out. An import registers a missing person with
    /// theirs and fills an existing person's empty name, never replacing one that is set.
    public var names: [String: String] = [:]
    /// gh's `repository` of the issue, when the export has one: it chooses the project.
    public var repository: GitRemote?

    public init(
        number: Int64?, title: String, body: String, state: IssueState, stateReason: StateReason?, author: Login,
        assignees: [Login], createdAt: Timestamp, updatedAt: Timestamp, closedAt: Timestamp?
    ) throws(TrackerError) {
        if let number, !(1...ImportedIssue.maximumNumber).contains(number) {
            throw .invalidInput(
                field: "number", rule: "'\(number)' is not a whole number from 1 to \(ImportedIssue.maximumNumber)")
        }
        try ImportedIssue.requireConsistent(state: state, reason: stateReason)
        if let closedAt, state == .closed, closedAt < createdAt {
            throw .invalidInput(field: "closedAt", rule: "\(closedAt) is before createdAt \(createdAt)")
        }
        self.number = number
        self.title = try IssueDraft.validTitle(title)
        self.body = try IssueDraft.validBody(body)
        self.state = state
        self.stateReason = stateReason
        self.author = author
        self.assignees = try IssueDraft.validAssignees(assignees)
        self.createdAt = createdAt
        self.closedAt = state == .closed ? max(closedAt ?? updatedAt, createdAt) : nil
        self.updatedAt = max(updatedAt, createdAt, self.closedAt ?? createdAt)
    }

    /// gh's pairs: an open issue has no reason or REOPENED; a closed one COMPLETED, NOT_PLANNED or
    /// DUPLICATE (with the original it names: `duplicateOf`).
    static func requireConsistent(state: IssueState, reason: StateReason?) throws(TrackerError) {
        switch (state, reason) {
        case (_, nil), (.open, .reopened), (.closed, .completed), (.closed, .notPlanned), (.closed, .duplicate): return
        case (.open, let reason?), (.closed, let reason?):
            throw .invalidInput(
                field: "stateReason",
                rule: "\(reason.rawValue.uppercased()) contradicts state \(state.rawValue.uppercased())")
        }
    }
}

/// One comment read from an export, checked like a new comment. Its id is kept only when the
/// issues keep their numbers and every comment has an id of ours (gh's ids are not numbers).
public struct ImportedComment: Equatable, Sendable {
    public var id: Int64?
    public var author: Login
    public var body: String
    public var createdAt: Timestamp
    public var updatedAt: Timestamp

    public init(
        id: Int64?, author: Login, body: String, createdAt: Timestamp, updatedAt: Timestamp
    ) throws(TrackerError) {
        if let id, !(1...IssueNumber.maximum).contains(id) {
            throw .invalidInput(field: "id", rule: "'\(id)' is not a whole number from 1 to \(IssueNumber.maximum)")
        }
        self.id = id
        self.author = author
        self.body = try Comment.validBody(body)
        self.createdAt = createdAt
        self.updatedAt = max(updatedAt, createdAt)
    }
}

/// An issue's milestone as an export describes it. Its number is kept when it is free; like an
/// issue's, it is at most `ImportedIssue.maximumNumber`, so there is room to create more.
public struct ImportedMilestone: Equatable, Sendable {
    public var number: MilestoneNumber?
    public var title: MilestoneTitle
    public var description: String
    public var dueOn: Timestamp?
    public var state: MilestoneState

    public init(
        number: MilestoneNumber?, title: MilestoneTitle, description: String = "", dueOn: Timestamp? = nil,
        state: MilestoneState = .open
    ) throws(TrackerError) {
        if let number, number.value > ImportedIssue.maximumNumber {
            throw .invalidInput(
                field: "milestone number",
                rule: "'\(number)' is not a whole number from 1 to \(ImportedIssue.maximumNumber)")
        }
        self.number = number
        self.title = title
        self.description = try Milestone.validDescription(description)
        self.dueOn = dueOn
        self.state = state
    }
}

extension ImportedIssue {
    /// The longest source a record may name (a URL or an id).
    public static let maximumSourceLength = 2048

    /// A source as the file names it: one line of 1 to `maximumSourceLength` characters.
    public static func validSource(_ text: String) throws(TrackerError) -> String {
        guard (1...maximumSourceLength).contains(TextRules.length(text)),
            !text.unicodeScalars.contains(where: TextRules.isControl),
            text.trimmed == text
        else {
            throw .invalidInput(
                field: "url",
                rule: "must be one line of 1 to \(maximumSourceLength) characters without surrounding spaces")
        }
        return text
    }
}

/// What an import did (or, dry, would do): how many issues it created, how many it skipped as
/// already imported, and the old → new numbers when they were renumbered (the tracker was not
/// empty).
public struct ImportResult: Equatable, Sendable {
    public var count: Int
    public var skipped: Int
    public var renumbered: [(old: Int64, new: Int64)]

    public init(count: Int, skipped: Int = 0, renumbered: [(old: Int64, new: Int64)]) {
        self.count = count
        self.skipped = skipped
        self.renumbered = renumbered
    }

    public static func == (lhs: ImportResult, rhs: ImportResult) -> Bool {
        lhs.count == rhs.count && lhs.skipped == rhs.skipped && lhs.renumbered.map(\.old) == rhs.renumbered.map(\.old)
            && lhs.renumbered.map(\.new) == rhs.renumbered.map(\.new)
    }
}

/// An import taken back (`tracker import --undo`): which, by whom and when, and how many issues
/// it removed.
public struct ImportUndone: Equatable, Sendable {
    public var importID: Int64
    public var importer: Login
    public var importedAt: Timestamp
    public var removed: Int

    public init(importID: Int64, importer: Login, importedAt: Timestamp, removed: Int) {
        self.importID = importID
        self.importer = importer
        self.importedAt = importedAt
        self.removed = removed
    }
}

/// Labels and milestones a file names on their own, not on an issue (the `{"kind": "label"}` and
/// `{"kind": "milestone"}` records `export` writes after the issues for those no exported issue
/// carries): created when missing, as an issue's are, and used as they are when present.
public struct ImportedLabelsAndMilestones: Equatable, Sendable {
    public var labels: [Label]
    public var milestones: [ImportedMilestone]

    public init(labels: [Label] = [], milestones: [ImportedMilestone] = []) {
        self.labels = labels
        self.milestones = milestones
    }

    public static let none = ImportedLabelsAndMilestones()

    public var isEmpty: Bool { labels.isEmpty && milestones.isEmpty }
}
