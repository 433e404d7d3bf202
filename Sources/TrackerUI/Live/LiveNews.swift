import TrackerCore

/// What changed elsewhere since a screen last looked: which issues, and what watching had to
/// say. Kept as a summary, so it stays small however long nobody reads it.
public struct LiveNews: Equatable, Sendable {
    /// Issues changed by anyone (this screen's own changes too: they are in the feed as well).
    public var changedIssues: Set<IssueNumber> = []
    /// What watching said (lost the connection, connected again, stopped), the latest few.
    public var notices: [String] = []

    static let noticesKept = 3

    public init(changedIssues: Set<IssueNumber> = [], notices: [String] = []) {
        self.changedIssues = changedIssues
        self.notices = notices
    }

    public var isEmpty: Bool { changedIssues.isEmpty && notices.isEmpty }

    mutating func add(_ update: LiveUpdate) {
        switch update {
        case .change(let change):
            changedIssues.insert(change.issue)
        case .notice(let notice):
            say(LiveNews.describe(notice))
        case .stopped(let reason):
            say("live updates are off: \(reason)")
        }
    }

    private mutating func say(_ text: String) {
        notices.append(text)
        if notices.count > LiveNews.noticesKept { notices.removeFirst(notices.count - LiveNews.noticesKept) }
    }

    static func describe(_ notice: WatchNotice) -> String {
        switch notice {
        case .lost(let reason, _): "live updates paused: \(reason); reconnecting"
        case .restored: "live updates are back"
        }
    }
}
