/// Holds comments on issues (read with the issue, in `IssueRepository.details`). Implementations
/// throw `TrackerError`; each change writes its timeline event, keeps the comment's mentions in
/// step and moves the issue's `updatedAt`, in one transaction.
public protocol CommentRepository: Sendable {
    func add(_ body: String, to number: IssueNumber, author: Login) async throws -> Comment
    /// The comment with this id; a missing one is `.notFound`.
    func comment(_ id: CommentID) async throws -> Comment
    /// Only the comment's author may edit it; anyone else gets `.notPermitted`.
    func edit(_ id: CommentID, body: String, actor: Login) async throws -> Comment
    /// Only the comment's author may delete it; a `comment deleted` event keeps its place.
    func delete(_ id: CommentID, actor: Login) async throws -> Comment
}
