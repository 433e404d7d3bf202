/// One entry of an issue's timeline, written in the same transaction as the change it records.
public struct IssueEvent: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case created
        case assigned(Login)
        case unassigned(Login)
        case closed(StateReason)
        /// Closed as a duplicate of that issue (its reason `duplicate`).
        case closedAsDuplicate(of: IssueNumber)
        /// That issue was closed as a duplicate of this one (its event, shown on this timeline too).
        case duplicateClosed(IssueNumber)
        case reopened
        case renamed(from: String, to: String)
        /// The body was edited.
        case edited
        case commented(CommentID)
        case commentEdited(CommentID)
        /// The comment went to the trash; this line keeps its place in the timeline.
        case commentDeleted(CommentID)
        /// The comment came back from the trash.
        case commentRestored(CommentID)
        case labeled(LabelName)
        case unlabeled(LabelName)
        case milestoned(MilestoneTitle)
        case demilestoned(MilestoneTitle)
        /// The priority changed (nil: none).
        case prioritized(from: Priority?, to: Priority?)
        /// The due date changed (nil: none).
        case dueChanged(from: Timestamp?, to: Timestamp?)
        /// It became a sub-issue of another, or stopped being one (nil: none).
        case parentChanged(from: IssueNumber?, to: IssueNumber?)
        /// That issue now blocks this one.
        case blockerAdded(IssueNumber)
        /// That issue no longer blocks this one.
        case blockerRemoved(IssueNumber)
        /// The issue went to the trash.
        case deleted
        /// The issue came back from the trash.
        case restored
    }

    public var kind: Kind
    /// Whose change it is.
    public var actor: Login
    public var createdAt: Timestamp
    /// The admin who made it in `actor`'s name (`--as`), as `sudo` logs record both.
    public var actingUser: Login?
    /// Who imported it, for history brought in by `tracker import`.
    public var importedBy: Login?
    /// It was written by `tracker undo`, taking back an earlier change.
    public var isUndo: Bool

    public init(
        kind: Kind, actor: Login, createdAt: Timestamp, actingUser: Login? = nil, importedBy: Login? = nil,
        isUndo: Bool = false
    ) {
        self.kind = kind
        self.actor = actor
        self.createdAt = createdAt
        self.actingUser = actingUser
        self.importedBy = importedBy
        self.isUndo = isUndo
    }
}

/// An issue with its timeline and comments, oldest first.
public struct IssueDetails: Equatable, Sendable {
    public var issue: Issue
    public var events: [IssueEvent]
    public var comments: [Comment]
    public var structure: IssueStructure

    public init(
        issue: Issue, events: [IssueEvent], comments: [Comment] = [], structure: IssueStructure = IssueStructure()
    ) {
        self.issue = issue
        self.events = events
        self.comments = comments
        self.structure = structure
    }
}

/// The outcome of closing, reopening, deleting or restoring: changed, or already so (not an error).
public enum StateChange: Equatable, Sendable {
    case changed(Issue)
    case unchanged(Issue)

    public var issue: Issue {
        switch self {
        case .changed(let issue), .unchanged(let issue): issue
        }
    }
}
