/// Holds comments on issues (read with the issue, in `IssueRepository.details`). Implementations
/// throw `TrackerError`; each change writes its timeline event, keeps the comment's mentions in
/// step and moves the issue's `updatedAt`, in one transaction.
public protocol CommentRepository: Sendable {
    func add(_ body: String, to number: IssueNumber, author: Login) async throws -> Comment
    /// The comment with this id; a missing one is `.notFound`.
    func comment(_ id: CommentID) async throws -> Comment
    /// The comment, when `actor` may edit or delete it: its author holding write, or a moderator
    /// (maintain). Anyone else is refused (`.accessDenied`), before they write anything.
    func commentToChange(_ id: CommentID, actor: Login) async throws -> Comment
    /// Its author, or a moderator, may edit it (see `commentToChange`).
    func edit(_ id: CommentID, body: String, actor: Login) async throws -> Comment
    /// Its author, or a moderator, may delete it; a `comment deleted` event keeps its place.
    func delete(_ id: CommentID, actor: Login) async throws -> Comment
}
