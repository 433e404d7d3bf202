/// Who an issue must be assigned to, for a list.
public enum AssigneeFilter: Equatable, Sendable {
    case user(Login)
    /// Issues with no assignee.
    case nobody
}

/// Which milestone a list's issues must be in.
public enum MilestoneFilter: Equatable, Sendable {
    case titled(MilestoneTitle)
    /// Issues in no milestone (`--milestone none`).
    case noMilestone
}

public enum IssueSort: String, Equatable, Sendable, CaseIterable {
    case created
    case updated
    /// P0 first, issues without a priority last (then newest first).
    case priority
    /// The earliest due date first, issues without one last (then newest first).
    case due

    /// Any case; anything else is refused with the closest order.
    public init(parsing text: String) throws(TrackerError) {
        let name = try Choice.named(text, field: "sort", among: IssueSort.allCases.map(\.rawValue))
        self = IssueSort(rawValue: name) ?? .created
    }
}

/// Times from `from` (included) to `before` (left out); nil is open-ended.
public struct TimeRange: Equatable, Sendable {
    public var from: Timestamp?
    public var before: Timestamp?

    public init(from: Timestamp? = nil, before: Timestamp? = nil) {
        self.from = from
        self.before = before
    }

    public func contains(_ time: Timestamp) -> Bool {
        from.map { $0 <= time } ?? true && before.map { time < $0 } ?? true
    }
}

/// What a list of issues shows: by state, assignee, author and words, sorted by creation or
/// last update (newest first unless `ascending`), at most `limit` issues (`nil` = all).
public struct IssueFilter: Equatable, Sendable {
    public static let defaultLimit = 30

    public var state: StateFilter
    public var assignee: AssigneeFilter?
    public var author: Login?
    /// Issues whose body or comments mention this user.
    public var mention: Login?
    /// Issues carrying every one of these labels.
    public var labels: [LabelName]
    public var milestone: MilestoneFilter?
    /// Issues carrying none of these labels (`-label:`).
    public var excludedLabels: [LabelName] = []
    /// Issues with no label at all (`no:label`).
    public var unlabeled = false
    /// When the issues were opened and last updated (`created:`, `updated:`).
    public var created = TimeRange()
    public var updated = TimeRange()
    /// Issues of this priority (`priority:P1`).
    public var priority: Priority?
    /// Issues with no priority (`priority:none`, `no:priority`).
    public var unprioritized = false
    /// Open issues whose due date is before `overdueOn` (today, UTC): `list --overdue`.
    public var overdueOn: Timestamp?
    /// Sub-issues of this issue (`--parent N`, `parent:N`).
    public var parent: IssueNumber?
    /// Open issues with an open blocker, or with none (`--blocked`, `--ready`, `is:blocked`).
    public var blocked: BlockedFilter?
    /// gh's search syntax (`SearchQuery`): the words must all appear in the title and body, or
    /// all in one comment.
    public var search: String?
    public var sort: IssueSort
    public var ascending: Bool
    public var limit: Int?
    /// Whether each issue comes with its comments (`Issue.comments`).
    public var includesComments = false
    /// Whether each issue comes with its address (`Issue.url`).
    public var includesURL = false
    /// Whether each issue comes with what blocks it (`Issue.blockedBy`).
    public var includesBlockers = false
    /// Whether each issue comes with its people's display names (`Issue.names`).
    public var includesNames = false
    /// Keyset paging for the `created` order: only issues that come after this number.
    public var after: IssueNumber?
    /// Every project the session may read, each issue with its project (`list --all-projects`);
    /// merged in the sort's order by the issues' times. Labels and milestones are a project's, so
    /// they are not filters here.
    public var allProjects = false

    /// Whether anything but the state narrows the list (so an empty list says "No issues match").
    public var narrowsBeyondState: Bool {
        search != nil || assignee != nil || author != nil || mention != nil || !labels.isEmpty || milestone != nil
            || !excludedLabels.isEmpty || unlabeled || created != TimeRange() || updated != TimeRange()
            || priority != nil || unprioritized || overdueOn != nil || parent != nil || blocked != nil
    }

    /// The people the filter names (assignee, author, mentioned), each of whom must be registered.
    public var people: [Login] {
        var people: [Login] = []
        if case .user(let login) = assignee { people.append(login) }
        people += [author, mention].compactMap { $0 }
        return people
    }

    public init(
        state: StateFilter = .open, assignee: AssigneeFilter? = nil, author: Login? = nil, mention: Login? = nil,
        search: String? = nil, labels: [LabelName] = [], milestone: MilestoneFilter? = nil,
        sort: IssueSort = .created, ascending: Bool = false, limit: Int? = IssueFilter.defaultLimit
    ) {
        self.state = state
        self.assignee = assignee
        self.author = author
        self.mention = mention
        self.labels = IssueDraft.unique(labels)
        self.milestone = milestone
        self.search = search.flatMap { $0.trimmingWhitespace.isEmpty ? nil : $0.trimmingWhitespace }
        self.sort = sort
        self.ascending = ascending
        self.limit = limit
    }
}

/// One page of a list: the issues shown and whether more match the filter.
public struct IssuePage: Equatable, Sendable {
    public var issues: [Issue]
    public var hasMore: Bool
    /// Search words the search left out (without a letter or digit, too long to index, an `OR`
    /// that joins nothing).
    public var ignoredSearchWords: [String]

    public init(issues: [Issue], hasMore: Bool, ignoredSearchWords: [String] = []) {
        self.issues = issues
        self.hasMore = hasMore
        self.ignoredSearchWords = ignoredSearchWords
    }
}
