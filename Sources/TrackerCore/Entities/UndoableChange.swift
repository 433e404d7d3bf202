/// One change someone made (a command's whole effect: every issue it touched, every event it
/// wrote), as `tracker undo` sees it.
public struct UndoableChange: Equatable, Sendable {
    /// One entry the change wrote on an issue's timeline.
    public struct Entry: Equatable, Sendable {
        public var issue: IssueNumber
        public var event: IssueEvent

        public init(issue: IssueNumber, event: IssueEvent) {
            self.issue = issue
            self.event = event
        }
    }

    public var id: Int64
    public var madeAt: Timestamp
    /// The change is itself an undo (undoing it puts back what it took back).
    public var isUndo: Bool
    /// Oldest first.
    public var entries: [Entry]
    /// Why it cannot be undone now; nil when it can.
    public var blocked: String?

    public init(id: Int64, madeAt: Timestamp, isUndo: Bool, entries: [Entry], blocked: String? = nil) {
        self.id = id
        self.madeAt = madeAt
        self.isUndo = isUndo
        self.entries = entries
        self.blocked = blocked
    }

    /// The issues it touched, in number order.
    public var issues: [IssueNumber] { Array(Set(entries.map(\.issue))).sorted() }
}
