/// One comment by its id: what `tracker comment edit ID` opens in the editor.
public struct ShowComment: Sendable {
    private let comments: any CommentRepository

    public init(comments: any CommentRepository) {
        self.comments = comments
    }

    public func callAsFunction(_ id: CommentID) async throws -> Comment {
        try await comments.comment(id)
    }

    /// The comment, when `actor` may edit it: asked before an editor opens on it.
    public func toChange(_ id: CommentID, actor: Login) async throws -> Comment {
        try await comments.commentToChange(id, actor: actor)
    }
}
