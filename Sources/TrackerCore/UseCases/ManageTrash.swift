/// `tracker delete`, `restore`, `trash list`, `trash purge` and `comment restore`.
public struct ManageTrash: Sendable {
    private let history: any HistoryRepository
    private let now: @Sendable () -> Timestamp

    public init(history: any HistoryRepository, now: @escaping @Sendable () -> Timestamp = Timestamp.now) {
        self.history = history
        self.now = now
    }

    public func delete(_ numbers: [IssueNumber], actor: Login) async throws -> [StateChange] {
        try await history.delete(numbers, actor: actor)
    }

    public func restore(_ numbers: [IssueNumber], actor: Login) async throws -> [StateChange] {
        try await history.restore(numbers, actor: actor)
    }

    public func restoreComment(_ id: CommentID, actor: Login) async throws -> Comment {
        try await history.restoreComment(id, actor: actor)
    }

    public func list() async throws -> [TrashedItem] {
        try await history.trash()
    }

    /// Removes for good what was deleted longer ago than `age`.
    public func purge(olderThan age: AgeLimit, actor: Login) async throws -> PurgedTrash {
        try await history.purgeTrash(deletedBefore: age.cutoff(from: now()), actor: actor)
    }
}
