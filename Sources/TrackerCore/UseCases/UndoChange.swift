/// `tracker undo`: what it would take back, and taking it back.
public struct UndoChange: Sendable {
    private let history: any HistoryRepository

    public init(history: any HistoryRepository) {
        self.history = history
    }

    public func preview(actor: Login) async throws -> UndoableChange? {
        try await history.undoableChange(of: actor)
    }

    /// The change taken back.
    public func callAsFunction(actor: Login) async throws -> UndoableChange {
        try await history.undo(actor: actor)
    }
}
