/// Holds unsaved drafts on this machine, at most one per slot.
public protocol DraftRepository: Sendable {
    func save(_ draft: SavedDraft, in slot: DraftSlot) throws
    func load(_ slot: DraftSlot) throws -> SavedDraft?
    func discard(_ slot: DraftSlot) throws
}
