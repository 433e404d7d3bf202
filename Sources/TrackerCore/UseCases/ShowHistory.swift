/// Every version of an issue's title and body, or of a comment; and what one version changed.
public struct ShowHistory: Sendable {
    private let history: any HistoryRepository

    public init(history: any HistoryRepository) {
        self.history = history
    }

    public func callAsFunction(_ number: IssueNumber) async throws -> TextHistory {
        try await history.textHistory(of: number)
    }

    public func comment(_ id: CommentID) async throws -> TextHistory {
        try await history.commentHistory(of: id)
    }

    /// What version `version` (nil: the current one) changed from the one before it.
    public func change(of number: IssueNumber, to version: Int64?) async throws -> VersionChange {
        let versions = try await history.textHistory(of: number)
        let (before, after) = try versions.change(to: version ?? versions.current?.version ?? 1)
        return VersionChange(before: before, after: after)
    }
}

/// One version beside the one before it (nil: the first kept).
public struct VersionChange: Equatable, Sendable {
    public var before: TextVersion?
    public var after: TextVersion

    public init(before: TextVersion?, after: TextVersion) {
        self.before = before
        self.after = after
    }
}

extension VersionChange {
    /// The body's lines, from the version before (none: empty) to this one.
    public var bodyDiff: LineDiff { LineDiff(from: before?.body ?? "", to: after.body) }
    /// The title before and after, when the version changed it.
    public var titleChange: (from: String, to: String)? {
        guard let title = after.title, let old = before?.title, old != title else { return nil }
        return (old, title)
    }
}
