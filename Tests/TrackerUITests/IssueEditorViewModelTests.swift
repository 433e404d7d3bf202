import Testing
import TrackerCore
import TrackerTestSupport
import TrackerUI

@MainActor
@Suite struct IssueEditorViewModelTests {
    let users: InMemoryUserRepository
    let issues: InMemoryIssueRepository
    let drafts = InMemoryDraftRepository()
    let alice: Login
    let bob: Login
    let one: IssueNumber

    init() async throws {
        alice = try Login("alice")
        bob = try Login("bob")
        users = InMemoryUserRepository([try User(login: alice), try User(login: bob)])
        issues = InMemoryIssueRepository(users: users)
        one = try IssueNumber(1)
        _ = try await issues.create(try IssueDraft(title: "Crash on start", body: "Steps"), author: alice)
    }

    func makeViewModel(_ number: IssueNumber? = nil, keepingDrafts: Bool = true) -> IssueEditorViewModel {
        IssueEditorViewModel(
            number: number ?? one, actor: alice,
            useCases: .init(
                show: ShowIssue(issues: issues),
                edit: EditIssues(issues: issues, users: users, drafts: keepingDrafts ? drafts : nil),
                recoverDraft: keepingDrafts ? RecoverDraft(drafts: drafts) : nil))
    }

    func appeared() async -> IssueEditorViewModel {
        let viewModel = makeViewModel()
        await viewModel.send(.appear)
        return viewModel
    }

    @Test func appearReadsTheTextAndItsVersion() async throws {
        let viewModel = await appeared()
        let issue = try #require(await issues.all.first)
        #expect(viewModel.output.read == ReadVersion(issue))
        #expect(viewModel.output.text == IssueText(title: "Crash on start", body: "Steps"))
        #expect(viewModel.output.failure == nil)
    }

    @Test func aMissingIssueIsAFailureAndCannotBeSaved() async throws {
        let viewModel = makeViewModel(try IssueNumber(99))
        await viewModel.send(.appear)
        #expect(viewModel.output.failure == .notFound("issue #99 does not exist"))
        await viewModel.send(.save)
        #expect(viewModel.output.result == .failed(.notFound("issue #99 does not exist"), kept: false))
    }

    @Test func anEmptyTitleKeepsTheCurrentOneAndABadOneIsSaidAtOnce() async throws {
        let viewModel = await appeared()
        await viewModel.send(.title("   "))
        #expect(viewModel.output.title == "Crash on start")
        #expect(viewModel.output.failure == nil)
        await viewModel.send(.title(String(repeating: "x", count: 257)))
        #expect(viewModel.output.failure?.description.contains("the limit is 256") == true)
        await viewModel.send(.title("  Crash at launch  "))
        #expect(viewModel.output.title == "Crash at launch")
        #expect(viewModel.output.failure == nil)
    }

    @Test func aBodyKeptOrWrittenFollowsTheTitle() async throws {
        let viewModel = await appeared()
        #expect(viewModel.output.step == .title)
        await viewModel.send(.title(""))
        #expect(viewModel.output.step == .body)
        await viewModel.send(.body(nil))
        #expect(viewModel.output.body == "Steps", "nothing written keeps the body")
        #expect(viewModel.output.step == .ready)
        await viewModel.send(.body("New steps\n"))
        #expect(viewModel.output.body == "New steps\n")
    }

    @Test func theSameTextChangesNothing() async throws {
        let viewModel = await appeared()
        await viewModel.send(.text(IssueText(title: "Crash on start", body: "Steps")))
        await viewModel.send(.save)
        #expect(viewModel.output.result == .unchanged)
        #expect(try await issues.details(of: one).events.map(\.kind) == [.created])
    }

    @Test func theEditorsLastNewlinesAreNoChangeToABodyEndingInOne() async throws {
        _ = try await issues.edit([one], try IssueEdit(body: "Steps\n"), read: nil, actor: alice)
        let viewModel = await appeared()
        await viewModel.send(.text(try #require(IssueText(parsing: "Crash on start\n\nSteps\n"))))
        #expect(viewModel.output.body == "Steps\n")
        await viewModel.send(.save)
        #expect(viewModel.output.result == .unchanged)
    }

    @Test func savingWritesTheChangedPartsAndForgetsAnEarlierDraft() async throws {
        try drafts.save(SavedDraft(title: "old attempt", body: "", assignees: []), in: .edit(one))
        let viewModel = await appeared()
        await viewModel.send(.text(IssueText(title: "Crash at launch", body: "Steps")))
        await viewModel.send(.save)
        guard case .saved(let issue) = viewModel.output.result else {
            Issue.record("expected a saved issue, got \(String(describing: viewModel.output.result))")
            return
        }
        #expect(issue.title == "Crash at launch")
        #expect(issue.body == "Steps")
        let kinds = try await issues.details(of: one).events.map(\.kind)
        #expect(kinds == [.created, .renamed(from: "Crash on start", to: "Crash at launch")], "no edited event")
        #expect(try drafts.load(.edit(one)) == nil)
    }

    @Test func aConflictKeepsTheTextAndAReloadCarriesItOverToTheNewVersion() async throws {
        let viewModel = await appeared()
        await viewModel.send(.text(IssueText(title: "Crash at launch", body: "Steps")))
        _ = try await issues.edit([one], try IssueEdit(body: "Steps\nby bob"), read: nil, actor: bob)
        await viewModel.send(.save)
        #expect(viewModel.output.step == .conflict(try #require(viewModel.output.conflict)))
        guard case .conflict(let conflict) = viewModel.output.result else {
            Issue.record("expected a conflict, got \(String(describing: viewModel.output.result))")
            return
        }
        #expect(conflict.changes == "the body (1 → 2 lines)")
        #expect(
            try drafts.load(.edit(one))
                == SavedDraft(
                    title: "Crash at launch", body: "Steps", assignees: [], changesTitle: true, changesBody: false))
        #expect(await issues.all.first?.title == "Crash on start", "nothing saved")

        await viewModel.send(.reload)
        #expect(viewModel.output.result == nil)
        #expect(viewModel.output.step == .review, "the text over the new version, to look at before saving")
        #expect(viewModel.output.text == IssueText(title: "Crash at launch", body: "Steps\nby bob"))
        await viewModel.send(.save)
        guard case .saved(let issue) = viewModel.output.result else {
            Issue.record("expected a saved issue, got \(String(describing: viewModel.output.result))")
            return
        }
        #expect(issue.title == "Crash at launch")
        #expect(issue.body == "Steps\nby bob", "bob's body is not overwritten")
        #expect(try drafts.load(.edit(one)) == nil)
    }

    @Test(arguments: [true, false])
    func aFailureSaysWhetherTheTextIsKept(keepingDrafts: Bool) async throws {
        let viewModel = makeViewModel(keepingDrafts: keepingDrafts)
        await viewModel.send(.appear)
        await viewModel.send(.title("Crash at launch"))
        await issues.failNextCall(with: .databaseUnavailable("the database is down"))
        await viewModel.send(.save)
        #expect(viewModel.output.result == .failed(.databaseUnavailable("the database is down"), kept: keepingDrafts))
        #expect(await issues.all.first?.title == "Crash on start")
    }
}
