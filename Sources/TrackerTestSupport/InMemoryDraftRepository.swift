import Synchronization
import TrackerCore

/// Keeps unsaved drafts in memory, for coordinator tests.
public final class InMemoryDraftRepository: DraftRepository {
    private let stored = Mutex<[DraftSlot: SavedDraft]>([:])

    public init(_ draft: SavedDraft? = nil) {
        stored.withLock { $0[.newIssue] = draft }
    }

    public func save(_ draft: SavedDraft, in slot: DraftSlot) throws { stored.withLock { $0[slot] = draft } }
    public func load(_ slot: DraftSlot) throws -> SavedDraft? { stored.withLock { $0[slot] } }
    public func discard(_ slot: DraftSlot) throws { _ = stored.withLock { $0.removeValue(forKey: slot) } }
}
