/// Replaces the text of one of the acting user's own comments.
public struct EditComment: Sendable {
    private let comments: any CommentRepository

    public init(comments: any CommentRepository) {
        self.comments = comments
    }

    public func callAsFunction(_ id: CommentID, body: String, actor: Login) async throws -> Comment {
        try await comments.edit(id, body: try Comment.validBody(body), actor: actor)
    }
}
