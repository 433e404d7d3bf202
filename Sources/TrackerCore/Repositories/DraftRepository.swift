/// Holds at most one unsaved draft (in the user's state directory).
public protocol DraftRepository: Sendable {
    func save(_ draft: SavedDraft) throws
    func load() throws -> SavedDraft?
    func discard() throws
}
