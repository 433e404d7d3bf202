import Synchronization
import TrackerCore

/// Keeps the unsaved draft in memory, for coordinator tests.
public final class InMemoryDraftRepository: DraftRepository {
    private let stored = Mutex<SavedDraft?>(nil)

    public init(_ draft: SavedDraft? = nil) {
        stored.withLock { $0 = draft }
    }

    public func save(_ draft: SavedDraft) throws { stored.withLock { $0 = draft } }
    public func load() throws -> SavedDraft? { stored.withLock { $0 } }
    public func discard() throws { stored.withLock { $0 = nil } }
}
