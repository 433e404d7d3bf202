public struct Issue: Equatable, Sendable {
    public var number: IssueNumber
    /// Its project, when a read spans projects (`list --all-projects`); nil: the session's.
    public var project: ProjectKey?
    public var title: String
    public var body: String
    public var state: IssueState
    public var stateReason: StateReason?
    /// The issue this one was closed as a duplicate of (its reason is then `.duplicate`).
    public var duplicateOf: IssueNumber?
    public var priority: Priority?
    /// The day it is due (midnight UTC, as a milestone's due date).
    public var dueOn: Timestamp?
    /// The issue it is a sub-issue of.
    public var parent: IssueNumber?
    /// Its tree of sub-issues: how many, how many closed (none: 0 of 0).
    public var subIssues = SubIssueProgress()
    /// How many open issues block it.
    public var openBlockers = 0
    /// What blocks it, open or closed (not in the trash), when the read asked
    /// (`IssueFilter.includesBlockers`).
    public var blockedBy: [IssueNumber]?
    public var author: Login
    public var assignees: [Login]
    public var createdAt: Timestamp
    public var updatedAt: Timestamp
    public var closedAt: Timestamp?
    /// The version of the title and body: each edit of either adds one (see `ReadVersion`).
    public var version: Int64
    /// The comments, oldest first, when the read asked for them (`IssueFilter.includesComments`).
    public var comments: [Comment]?
    /// Its labels, by name ignoring case.
    public var labels: [Label]
    public var milestone: IssueMilestone?
    /// Where it came from (gh's `url` of the issue an import read), else this tracker's address
    /// for it, when the read asked (`IssueFilter.includesURL`).
    public var url: String?
    /// The display names of the people it names (author, assignees, comments' authors) that
    /// have one, by login as stored, when the read asked (`IssueFilter.includesNames`).
    public var names: [String: String]?

    public init(
        number: IssueNumber, title: String, body: String, state: IssueState = .open,
        stateReason: StateReason? = nil, author: Login, assignees: [Login] = [],
        createdAt: Timestamp, updatedAt: Timestamp, closedAt: Timestamp? = nil, version: Int64 = 1,
        comments: [Comment]? = nil, labels: [Label] = [], milestone: IssueMilestone? = nil
    ) {
        self.number = number
        self.title = title
        self.body = body
        self.state = state
        self.stateReason = stateReason
        self.author = author
        self.assignees = assignees
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.closedAt = closedAt
        self.version = version
        self.comments = comments
        self.labels = labels
        self.milestone = milestone
    }
}
