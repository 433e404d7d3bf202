/// A change to existing issues as a person asked for it, already checked against the limits:
/// a new title and/or body (one issue at a time), and assignees to add and remove.
public struct IssueEdit: Equatable, Sendable {
    public let title: String?
    public let body: String?
    public let addAssignees: [Login]
    public let removeAssignees: [Login]
    public let addLabels: [LabelName]
    public let removeLabels: [LabelName]
    public let milestone: MilestoneEdit?
    public let priority: PlanChange<Priority>?
    public let due: PlanChange<Timestamp>?
    /// The issue to become a sub-issue of, or none (`--no-parent`).
    public let parent: PlanChange<IssueNumber>?
    public let addBlockers: [IssueNumber]
    public let removeBlockers: [IssueNumber]
    /// The person's text as typed, saved as a version of its own just before this edit's text,
    /// when a merge with someone else's edit dropped some of it (so the history keeps it).
    public let typedFirst: TypedText?

    public enum MilestoneEdit: Equatable, Sendable {
        case set(MilestoneTitle)
        case remove
    }

    public init(
        title: String? = nil, body: String? = nil, addAssignees: [Login] = [], removeAssignees: [Login] = [],
        addLabels: [LabelName] = [], removeLabels: [LabelName] = [], milestone: MilestoneEdit? = nil,
        priority: PlanChange<Priority>? = nil, due: PlanChange<Timestamp>? = nil,
        parent: PlanChange<IssueNumber>? = nil, addBlockers: [IssueNumber] = [], removeBlockers: [IssueNumber] = [],
        typedFirst: TypedText? = nil
    ) throws(TrackerError) {
        self.priority = priority
        self.due = due
        self.parent = parent
        self.addBlockers = IssueDraft.unique(addBlockers)
        self.removeBlockers = IssueDraft.unique(removeBlockers)
        if let both = self.addBlockers.first(where: self.removeBlockers.contains) {
            throw .invalidInput(
                field: "blocked-by", rule: "#\(both.value) is both added and removed; give it to one of the two")
        }
        self.title = try title.map { text throws(TrackerError) in try IssueDraft.validTitle(text) }
        self.body = try body.map { text throws(TrackerError) in try IssueDraft.validBody(text) }
        self.addAssignees = try IssueDraft.validAssignees(addAssignees)
        let removing = IssueDraft.unique(removeAssignees)
        if let both = self.addAssignees.first(where: removing.contains) {
            throw .invalidInput(
                field: "assignees", rule: "'\(both)' is both added and removed; give it to one of the two")
        }
        self.removeAssignees = removing
        self.addLabels = IssueDraft.unique(addLabels)
        self.removeLabels = IssueDraft.unique(removeLabels)
        if let both = self.addLabels.first(where: self.removeLabels.contains) {
            throw .invalidInput(
                field: "labels", rule: "'\(both)' is both added and removed; give it to one of the two")
        }
        self.milestone = milestone
        self.typedFirst = try typedFirst.map { typed throws(TrackerError) in
            TypedText(title: try IssueDraft.validTitle(typed.title), body: try IssueDraft.validBody(typed.body))
        }
    }

    public var changesText: Bool { title != nil || body != nil }

    /// The same edit, with no typed text to keep first.
    public func withoutTypedFirst() throws(TrackerError) -> IssueEdit {
        try IssueEdit(
            title: title, body: body, addAssignees: addAssignees, removeAssignees: removeAssignees,
            addLabels: addLabels, removeLabels: removeLabels, milestone: milestone, priority: priority, due: due,
            parent: parent, addBlockers: addBlockers, removeBlockers: removeBlockers)
    }
    /// The edit that saves `text` over `current`: only the parts that differ. `typedFirst` (text
    /// a merge dropped) is saved as a version just before, so the parts are measured against it;
    /// it is left out when it is the text itself.
    public static func saving(
        _ text: TypedText, over current: TypedText, typedFirst: TypedText? = nil
    ) throws(TrackerError) -> IssueEdit {
        let typed = typedFirst == text ? nil : typedFirst
        let before = typed ?? current
        return try IssueEdit(
            title: text.title == before.title ? nil : text.title, body: text.body == before.body ? nil : text.body,
            typedFirst: typed)
    }

    public var changesLabels: Bool { !addLabels.isEmpty || !removeLabels.isEmpty }
    public var isEmpty: Bool {
        !changesText && addAssignees.isEmpty && removeAssignees.isEmpty && !changesLabels && milestone == nil
            && !changesPlan && !changesStructure
    }

    /// Whether it changes a parent or blockers (migration 0019's structure).
    public var changesStructure: Bool {
        parent != nil || !addBlockers.isEmpty || !removeBlockers.isEmpty
    }

    /// Whether it sets or clears a priority or a due date.
    public var changesPlan: Bool {
        priority != nil || due != nil
    }
}

extension TrackerError {
    /// A title or body named more than one issue.
    public static let textEditOfSeveral = TrackerError.invalidInput(
        field: "edit", rule: "a title or body edits one issue at a time; give one issue number")
}

/// The version of an issue's title and body that a person read before editing them.
public struct ReadVersion: Equatable, Sendable {
    public let number: IssueNumber
    public let version: Int64
    /// The text as read, to tell the person what someone else changed meanwhile.
    public let title: String
    public let body: String

    public init(_ issue: Issue) {
        number = issue.number
        version = issue.version
        title = issue.title
        body = issue.body
    }
}

/// Someone else edited the title or body between reading and saving: nothing was saved.
public struct EditConflict: Equatable, Sendable, CustomStringConvertible {
    public let read: ReadVersion
    public let current: Issue

    public init(read: ReadVersion, current: Issue) {
        self.read = read
        self.current = current
    }

    /// What changed since the read, e.g. `the title ("a" → "b") and the body`.
    public var changes: String {
        var parts: [String] = []
        if read.title != current.title {
            parts.append("the title (\"\(read.title)\" → \"\(current.title)\")")
        }
        if read.body != current.body {
            let before = read.body.split(separator: "\n", omittingEmptySubsequences: false).count
            let after = current.body.split(separator: "\n", omittingEmptySubsequences: false).count
            parts.append("the body (\(before) → \(after) lines)")
        }
        return parts.isEmpty ? "the issue" : parts.joined(separator: " and ")
    }

    public var description: String {
        "issue \(read.number) was edited by someone else while you were editing it: they changed \(changes); "
            + "nothing was saved"
    }
}
