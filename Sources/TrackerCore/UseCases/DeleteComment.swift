/// Deletes one of the acting user's own comments; the timeline keeps a line for it.
public struct DeleteComment: Sendable {
    private let comments: any CommentRepository

    public init(comments: any CommentRepository) {
        self.comments = comments
    }

    public func callAsFunction(_ id: CommentID, actor: Login) async throws -> Comment {
        try await comments.delete(id, actor: actor)
    }
}
