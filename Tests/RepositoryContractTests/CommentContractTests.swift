import Testing
import TrackerCore

/// `CommentRepository`, comments in `details`, and search over comments.
@Suite struct CommentContractTests {
    @Test(arguments: RepositoryKind.allCases)
    func commentsAreAddedInOrderAndMoveTheIssue(_ kind: RepositoryKind) async throws {
        let fixture = try await ContractFixture.make(kind)
        let before = try await fixture.issue(2)
        let first = try await fixture.comments.add("First!", to: try fixture.number(2), author: fixture.alice)
        let second = try await fixture.comments.add(
            "Second", to: try fixture.number(2), author: try fixture.login("bob"))
        #expect(first.id < second.id)
        #expect(first.createdAt == first.updatedAt, "a new comment was never edited")
        #expect(try await fixture.comments.comment(first.id) == first)
        let missing = try CommentID(second.id.value + 100)
        await #expect(
            throws: TrackerError.notFound("comment \(missing) does not exist (see `tracker show N --comments`)")
        ) {
            try await fixture.comments.comment(missing)
        }
        #expect(second.author.value == "Bob")
        let details = try await fixture.issues.details(of: try fixture.number(2))
        #expect(details.comments == [first, second])
        #expect(details.issue.updatedAt >= second.createdAt)
        #expect(details.issue.updatedAt > before.updatedAt)
        #expect(details.issue.version == before.version, "a comment is not an edit of the text")
        #expect(
            try await fixture.timeline(of: 2) == [
                "created by alice", "commented \(first.id) by alice", "commented \(second.id) by Bob",
            ])
        await #expect(throws: ContractFixture.noIssue(14)) {
            try await fixture.comments.add("Lost?", to: try fixture.number(14), author: fixture.alice)
        }
    }

    /// Who may change a comment is the database's rule (its author with write, a moderator with
    /// maintain; `PermissionMatrixTests` holds every level to it). These sessions hold admin, so a
    /// moderator's edit is recorded as theirs.
    @Test(arguments: RepositoryKind.allCases)
    func authorsAndModeratorsEditOrDeleteAndDeletionLeavesATimelineLine(_ kind: RepositoryKind) async throws {
        let fixture = try await ContractFixture.make(kind)
        let comment = try await fixture.comments.add("Typo here", to: try fixture.number(1), author: fixture.alice)
        let bob = try fixture.login("bob")
        #expect(try await fixture.comments.commentToChange(comment.id, actor: bob) == comment)
        let moderated = try await fixture.comments.edit(comment.id, body: "Typo here (moderated)", actor: bob)
        #expect(moderated.author == fixture.alice, "the comment stays alice's")
        let edited = try await fixture.comments.edit(comment.id, body: "No typo", actor: fixture.alice)
        #expect(edited.body == "No typo")
        #expect(edited.updatedAt > comment.updatedAt)
        #expect(edited.createdAt == comment.createdAt)
        let deleted = try await fixture.comments.delete(comment.id, actor: fixture.alice)
        #expect(deleted == edited)
        #expect(try await fixture.issues.details(of: try fixture.number(1)).comments.isEmpty)
        #expect(
            try await fixture.timeline(of: 1) == [
                "created by alice", "commented \(comment.id) by alice", "edited comment \(comment.id) by Bob",
                "edited comment \(comment.id) by alice", "deleted comment \(comment.id) by alice",
            ])
        await #expect(
            throws: TrackerError.notFound(
                "comment \(comment.id) is in the trash (`tracker comment restore \(comment.id)` brings it back); "
                    + "nothing was changed")
        ) {
            try await fixture.comments.delete(comment.id, actor: fixture.alice)
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func searchMatchesCommentText(_ kind: RepositoryKind) async throws {
        let fixture = try await ContractFixture.make(kind)
        _ = try await fixture.comments.add(
            "Reproduced with a segfault in the parser", to: try fixture.number(2), author: fixture.alice)
        #expect(try await fixture.listed(IssueFilter(search: "segfault parser")) == [2])
        #expect(try await fixture.listed(IssueFilter(search: "segfault Two")) == [], "all words in one text")
        #expect(try await fixture.listed(IssueFilter(search: "Three")) == [3])
    }
}
