import TrackerCore

/// What changed elsewhere since a screen last looked: which issues, and what watching had to
/// say. Kept as a summary, so it stays small however long nobody reads it.
public struct LiveNews: Equatable, Sendable {
    /// Issues changed by anyone (this screen's own changes too: they are in the feed as well).
    public var changedIssues: Set<IssueNumber> = []
    /// What watching said (lost the connection, connected again, stopped), the latest few.
    public var notices: [LiveNotice] = []

    static let noticesKept = 3

    public init(changedIssues: Set<IssueNumber> = [], notices: [LiveNotice] = []) {
        self.changedIssues = changedIssues
        self.notices = notices
    }

    public var isEmpty: Bool { changedIssues.isEmpty && notices.isEmpty }

    mutating func add(_ update: LiveUpdate) {
        switch update {
        case .change(let change):
            changedIssues.insert(change.issue)
        case .notice(.lost(let reason, _)):
            say(.paused(reason))
        case .notice(.restored):
            say(.restored)
        case .stopped(let reason):
            say(.stopped(reason))
        }
    }

    private mutating func say(_ notice: LiveNotice) {
        notices.append(notice)
        if notices.count > LiveNews.noticesKept { notices.removeFirst(notices.count - LiveNews.noticesKept) }
    }
}

/// What following live updates ran into, for a screen to say under itself.
public enum LiveNotice: Equatable, Sendable {
    /// The connection was lost (why); watching reconnects.
    case paused(String)
    case restored
    /// Watching ended for good (why).
    case stopped(String)
}
