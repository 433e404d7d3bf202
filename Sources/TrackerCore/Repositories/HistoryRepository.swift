/// What keeps mistakes from being permanent: every version of a text, the trash, and undo.
/// Implementations throw `TrackerError`; each change is one all-or-nothing transaction with its
/// timeline events, held to the levels of the change it makes (deleting or restoring someone
/// else's issue needs maintain, one's own write).
public protocol HistoryRepository: Sendable {
    /// The versions of an issue's title and body, oldest first, the current one last.
    func textHistory(of number: IssueNumber) async throws -> TextHistory
    /// The versions of a comment's body (one in the trash too).
    func commentHistory(of id: CommentID) async throws -> TextHistory
    /// Moves the issues to the trash, in the order of `numbers`; one already there is `.unchanged`.
    /// A missing issue changes none of them.
    func delete(_ numbers: [IssueNumber], actor: Login) async throws -> [StateChange]
    /// Takes the issues out of the trash as they were; one not there is `.unchanged`.
    func restore(_ numbers: [IssueNumber], actor: Login) async throws -> [StateChange]
    /// Brings a deleted comment back; one not deleted is no change.
    func restoreComment(_ id: CommentID, actor: Login) async throws -> Comment
    /// What is in the trash, most recently deleted first.
    func trash() async throws -> [TrashedItem]
    /// Removes for good what was deleted before `deletedBefore` (maintain).
    func purgeTrash(deletedBefore: Timestamp, actor: Login) async throws -> PurgedTrash
    /// The change `undo` would take back: `actor`'s latest not undone (nil: none).
    func undoableChange(of actor: Login) async throws -> UndoableChange?
    /// Takes back `actor`'s latest change not undone, as one new change; refused (`.changedMeanwhile`)
    /// when someone changed those issues since or something it named is gone.
    func undo(actor: Login) async throws -> UndoableChange
}
