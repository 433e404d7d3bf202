/// How far an issue's sub-issues are: its whole tree below it, as GitHub's `subIssuesSummary`.
public struct SubIssueProgress: Equatable, Sendable {
    public var done: Int
    public var total: Int

    public init(done: Int = 0, total: Int = 0) {
        self.done = done
        self.total = total
    }

    /// "3 of 5 done".
    public var wording: String { "\(done) of \(total) done" }

    /// Done out of all, rounded down (0 with none), as `Milestone.percentDone`.
    public var percentDone: Int { total == 0 ? 0 : done * 100 / total }
}

/// Another issue as a line of this one's structure shows it: its number, title and state, and its
/// project when that is another (a cross-project reference).
public struct LinkedIssue: Equatable, Sendable, CustomStringConvertible {
    public var number: IssueNumber
    public var title: String
    public var state: IssueState
    public var project: ProjectKey?

    public init(number: IssueNumber, title: String, state: IssueState, project: ProjectKey? = nil) {
        self.number = number
        self.title = title
        self.state = state
        self.project = project
    }

    /// `#12`, or `api#4` in another project.
    public var description: String { (project?.value ?? "") + number.description }
}

/// An issue's place among the others: its parent and children (sub-issues), what blocks it and
/// what it blocks; issues in the trash are left out.
public struct IssueStructure: Equatable, Sendable {
    /// GitHub's limits: sub-issues per issue, levels of sub-issues under a top issue.
    public static let maximumChildren = 100
    public static let maximumDepth = 8
    public static let maximumBlockers = 100

    public var parent: LinkedIssue?
    public var children: [LinkedIssue]
    public var blockedBy: [LinkedIssue]
    public var blocking: [LinkedIssue]
    /// Issues of other projects its body and comments name (`api#4`), and those whose body or
    /// comments name it: links both ways, by project and number.
    public var references: [LinkedIssue]
    public var referencedBy: [LinkedIssue]

    public init(
        parent: LinkedIssue? = nil, children: [LinkedIssue] = [], blockedBy: [LinkedIssue] = [],
        blocking: [LinkedIssue] = [], references: [LinkedIssue] = [], referencedBy: [LinkedIssue] = []
    ) {
        self.parent = parent
        self.children = children
        self.blockedBy = blockedBy
        self.blocking = blocking
        self.references = references
        self.referencedBy = referencedBy
    }

    public var isEmpty: Bool {
        parent == nil && children.isEmpty && blockedBy.isEmpty && blocking.isEmpty && references.isEmpty
            && referencedBy.isEmpty
    }
}

/// Which open issues a list keeps by their blockers: `--blocked` (an open blocker) or `--ready`
/// (none: taskwarrior's `ready`).
public enum BlockedFilter: Equatable, Sendable {
    case blocked
    case ready
}
