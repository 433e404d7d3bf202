/// Adds a comment. A comment the database could not take is kept as a draft for that issue;
/// once one is saved, the issue's comment draft is forgotten.
public struct CommentOnIssue: Sendable {
    private let comments: any CommentRepository
    private let drafts: (any DraftRepository)?

    public init(comments: any CommentRepository, drafts: (any DraftRepository)? = nil) {
        self.comments = comments
        self.drafts = drafts
    }

    public func callAsFunction(_ number: IssueNumber, body: String, author: Login) async throws -> Comment {
        let body = try Comment.validBody(body)
        do {
            let comment = try await comments.add(body, to: number, author: author)
            try? drafts?.discard(.comment(number))
            return comment
        } catch {
            try? drafts?.save(SavedDraft(title: "", body: body, assignees: []), in: .comment(number))
            throw error
        }
    }
}
