import Testing
import TrackerCore
import TrackerTestSupport
import TrackerUI

@MainActor
@Suite struct CommentComposerViewModelTests {
    let users: InMemoryUserRepository
    let issues: InMemoryIssueRepository
    let drafts = InMemoryDraftRepository()
    let alice: Login
    let one: IssueNumber

    init() async throws {
        alice = try Login("alice")
        users = InMemoryUserRepository([try User(login: alice)])
        issues = InMemoryIssueRepository(users: users)
        one = try IssueNumber(1)
        _ = try await issues.create(try IssueDraft(title: "Crash on start"), author: alice)
    }

    func makeViewModel(_ number: IssueNumber? = nil) -> CommentComposerViewModel {
        CommentComposerViewModel(
            number: number ?? one, author: alice,
            useCases: .init(
                comment: CommentOnIssue(comments: issues, drafts: drafts), recoverDraft: RecoverDraft(drafts: drafts)))
    }

    @Test func aCommentThatKeepsTheRulesIsReadyToPost() async throws {
        let viewModel = makeViewModel()
        #expect(viewModel.output.step == .text)
        await viewModel.send(.text("Seen it too.\n . "))
        #expect(viewModel.output.text == "Seen it too.\n . ")
        #expect(viewModel.output.failure == nil)
        #expect(viewModel.output.step == .ready)
    }

    /// What the line front hands over for `.` alone, and for blank lines then `.`.
    @Test(arguments: ["", "\n  "])
    func anEmptyCommentIsAFailure(_ text: String) async throws {
        let viewModel = makeViewModel()
        await viewModel.send(.text(text))
        #expect(viewModel.output.failure == .invalidInput(field: "comment", rule: "cannot be empty; write something"))
        #expect(viewModel.output.step == .text, "asked again")
    }

    @Test func aCommentOverTheLimitIsAFailure() async throws {
        let viewModel = makeViewModel()
        await viewModel.send(.text(String(repeating: "x", count: Comment.maximumBodyLength + 1)))
        #expect(viewModel.output.failure?.description.contains("the limit is 65536") == true)
    }

    @Test func postingAddsTheCommentAndForgetsAnEarlierDraft() async throws {
        try drafts.save(SavedDraft(title: "", body: "earlier", assignees: []), in: .comment(one))
        let viewModel = makeViewModel()
        await viewModel.send(.text("Seen it too."))
        await viewModel.send(.post)
        let posted = try #require(viewModel.output.posted)
        #expect(posted.body == "Seen it too.")
        #expect(posted.author == alice)
        #expect(try await issues.details(of: one).comments == [posted])
        #expect(viewModel.output.failure == nil)
        #expect(try drafts.load(.comment(one)) == nil)
    }

    @Test func aFailureKeepsTheCommentAsADraft() async throws {
        let viewModel = makeViewModel()
        await viewModel.send(.text("Seen it too."))
        await issues.failNextCall(with: .databaseUnavailable("the database is down"))
        await viewModel.send(.post)
        #expect(viewModel.output.posted == nil)
        #expect(viewModel.output.failure == .databaseUnavailable("the database is down"))
        #expect(viewModel.output.kept)
        #expect(try drafts.load(.comment(one))?.body == "Seen it too.")
    }

    @Test func aMissingIssueIsAFailure() async throws {
        let viewModel = makeViewModel(try IssueNumber(99))
        await viewModel.send(.text("Hello"))
        await viewModel.send(.post)
        #expect(viewModel.output.failure?.description.contains("#99") == true)
    }
}
