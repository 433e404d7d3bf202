import Testing
import TrackerCore
import TrackerTestSupport
import TrackerUI

@MainActor
@Suite struct CommentComposerViewModelTests {
    let users: InMemoryAssigneeRepository
    let issues: InMemoryIssueRepository
    let drafts = InMemoryDraftRepository()
    let alice: Login
    let one: IssueNumber

    init() async throws {
        alice = try Login("alice")
        users = InMemoryAssigneeRepository([try User(login: alice)])
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

    @Test func linesEndAtALoneDot() async throws {
        let viewModel = makeViewModel()
        await viewModel.send(.line("Seen it too."))
        await viewModel.send(.line(" . "))
        #expect(viewModel.output.typed?.lines == ["Seen it too.", " . "])
        await viewModel.send(.line("."))
        #expect(viewModel.output.typed == nil)
        #expect(viewModel.output.text == "Seen it too.\n . ")
        #expect(viewModel.output.problem == nil)
    }

    @Test(arguments: [["."], ["", "  ", "."]])
    func anEmptyCommentIsAProblem(_ lines: [String]) async throws {
        let viewModel = makeViewModel()
        for line in lines { await viewModel.send(.line(line)) }
        #expect(viewModel.output.problem == .invalidInput(field: "comment", rule: "cannot be empty; write something"))
        #expect(viewModel.output.typed == nil, "asked again from nothing")
    }

    @Test func aCommentOverTheLimitIsAProblem() async throws {
        let viewModel = makeViewModel()
        await viewModel.send(.text(String(repeating: "x", count: Comment.maximumBodyLength + 1)))
        #expect(viewModel.output.problem?.description.contains("the limit is 65536") == true)
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
