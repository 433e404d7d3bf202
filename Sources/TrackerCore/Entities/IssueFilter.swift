/// What a list of issues shows: by state, newest first, at most `limit` issues (`nil` = all).
public struct IssueFilter: Equatable, Sendable {
    public static let defaultLimit = 30

    public var state: StateFilter
    public var limit: Int?

    public init(state: StateFilter = .open, limit: Int? = IssueFilter.defaultLimit) {
        self.state = state
        self.limit = limit
    }

    public func matches(_ issue: Issue) -> Bool {
        switch state {
        case .all: true
        case .open: issue.state == .open
        case .closed: issue.state == .closed
        }
    }
}

/// One page of a list: the issues shown and whether more match the filter.
public struct IssuePage: Equatable, Sendable {
    public var issues: [Issue]
    public var hasMore: Bool

    public init(issues: [Issue], hasMore: Bool) {
        self.issues = issues
        self.hasMore = hasMore
    }
}
