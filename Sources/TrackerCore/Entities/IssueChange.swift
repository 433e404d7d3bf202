/// One change to an issue as the live feed hands it out: a timeline event with its id, the
/// issue it happened to (and that issue's title when it was read), and where it stands in the
/// feed's order.
public struct IssueChange: Equatable, Sendable {
    /// The event's id: what `tracker watch` prints and `--since` takes.
    public var id: Int64
    public var issue: IssueNumber
    /// The issue's title when the change was read (not necessarily when it was made).
    public var title: String
    public var event: IssueEvent
    public var position: ChangePosition
    /// The issue's project, when watching every project (`watch --all-projects`).
    public var project: ProjectKey?

    public init(id: Int64, issue: IssueNumber, title: String, event: IssueEvent, position: ChangePosition) {
        self.id = id
        self.issue = issue
        self.title = title
        self.event = event
        self.position = position
    }
}

/// Where a change stands in the feed's order: the commit group it belongs to (for PostgreSQL,
/// the transaction that wrote it; 0 for events written before live updates existed), then its
/// event id. The feed hands out changes in this order, and only once every change that can
/// still come before a position has committed, so "everything after this position" misses
/// nothing and repeats nothing.
public struct ChangePosition: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var group: UInt64
    public var event: Int64

    public init(group: UInt64, event: Int64) {
        self.group = group
        self.event = event
    }

    public static func < (lhs: ChangePosition, rhs: ChangePosition) -> Bool {
        (lhs.group, lhs.event) < (rhs.group, rhs.event)
    }

    public var description: String { "\(group)/\(event)" }
}

/// Which changes a watcher wants: all, one issue's, or those of issues assigned to someone
/// (with their own assignments and unassignments); in the session's project, or in every project
/// it may read.
public struct ChangeFilter: Equatable, Sendable {
    public var issue: IssueNumber?
    public var assignee: Login?
    public var allProjects = false

    public init(issue: IssueNumber? = nil, assignee: Login? = nil) {
        self.issue = issue
        self.assignee = assignee
    }
}

/// Where watching begins.
public enum ChangeStart: Equatable, Sendable {
    /// With the changes that commit from now on.
    case now
    /// Right after this event (an id `tracker watch` printed), in the feed's order.
    case after(event: Int64)
    /// Every change kept, from the first (`--since 0`).
    case beginning
}

/// One read of the feed.
public struct ChangeBatch: Equatable, Sendable {
    /// In the feed's order.
    public var changes: [IssueChange]
    /// Where the next read starts: after these changes, and after the ones the filter left out.
    public var next: ChangePosition
    /// Whether changes have committed that cannot be handed out yet, because an older
    /// transaction is still running: read again soon, as nothing may announce its end.
    public var heldBack: Bool

    public init(changes: [IssueChange], next: ChangePosition, heldBack: Bool) {
        self.changes = changes
        self.next = next
        self.heldBack = heldBack
    }
}
