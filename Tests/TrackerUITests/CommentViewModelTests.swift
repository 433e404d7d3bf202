import Testing
import TrackerCore
import TrackerTestSupport
import TrackerUI

/// One existing comment, as `tracker comment edit|delete` drive it.
@MainActor
@Suite struct CommentViewModelTests {
    let alice: Login
    let bob: Login
    let issues: InMemoryIssueRepository
    let comment: TrackerCore.Comment

    init() async throws {
        alice = try Login("alice")
        bob = try Login("bob")
        let users = InMemoryUserRepository([try User(login: alice), try User(login: bob)])
        issues = InMemoryIssueRepository(users: users)
        _ = try await issues.create(try IssueDraft(title: "Crash"), author: alice)
        comment = try await issues.add("Seen it", to: try IssueNumber(1), author: alice)
    }

    func viewModel(actor: Login) -> CommentViewModel {
        CommentViewModel(
            id: comment.id, actor: actor,
            useCases: .init(
                show: ShowComment(comments: issues), edit: EditComment(comments: issues),
                delete: DeleteComment(comments: issues)))
    }

    @Test func theTextItHasIsNoChangeAndANewOneIsSaved() async throws {
        let mine = viewModel(actor: alice)
        #expect(try await drive(mine, inputs: [.readToEdit]).comment == comment)
        #expect(try await drive(mine, inputs: [.edit("Seen it")]).change == .unchanged)
        let edited = try await drive(mine, inputs: [.edit("Seen it twice")])
        #expect(edited.change == .edited)
        #expect(edited.comment?.body == "Seen it twice")
        #expect(try await issues.details(of: try IssueNumber(1)).comments.map(\.body) == ["Seen it twice"])
    }

    /// Who may change it is the database's rule (`commentToChange`); the in-memory session holds
    /// admin, as the Postgres one does in the tests, so a refusal is injected.
    @Test func aCommentOneMayNotChangeIsRefusedBeforeItOpens() async throws {
        let refusal = TrackerError.accessDenied(
            "bob has write on this tracker; changing alice's comment needs maintain")
        await issues.failNextCall(with: refusal)
        let theirs = viewModel(actor: bob)
        await #expect(throws: refusal) { try await drive(theirs, inputs: [.readToEdit]) }
        #expect(theirs.output.comment == nil, "nothing to open in an editor")
        #expect(try await drive(theirs, inputs: [.readToEdit]).comment == comment, "a moderator's read")
        #expect(try await drive(viewModel(actor: alice), inputs: [.delete]).change == .deleted)
    }
}
