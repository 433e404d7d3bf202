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

/// Merging an edit with one someone saved meanwhile: lines only one changed are kept from each,
/// lines both changed are asked about, and text a choice drops is kept as a version of its own.
@MainActor
@Suite struct IssueEditorMergeTests {
    let users: InMemoryUserRepository
    let issues: InMemoryIssueRepository
    let alice: Login
    let bob: Login
    let one: IssueNumber

    init() async throws {
        alice = try Login("alice")
        bob = try Login("bob")
        users = InMemoryUserRepository([try User(login: alice), try User(login: bob)])
        issues = InMemoryIssueRepository(users: users)
        _ = try await issues.create(try IssueDraft(title: "Crash", body: "one\ntwo\nthree"), author: alice)
        one = try IssueNumber(1)
    }

    /// alice edits from the first version; bob saves `bobs` first; alice saves and merges.
    func conflicted(alices: String, bobs: String) async throws -> IssueEditorViewModel {
        let drafts = InMemoryDraftRepository()
        let viewModel = IssueEditorViewModel(
            number: one, actor: alice,
            useCases: .init(
                show: ShowIssue(issues: issues),
                edit: EditIssues(
                    issues: issues, users: users, drafts: drafts, labels: InMemoryLabelRepository(issues: issues),
                    milestones: InMemoryMilestoneRepository(issues: issues))))
        await viewModel.send(.appear)
        await viewModel.send(.text(IssueText(title: "Crash", body: alices)))
        _ = try await issues.edit([one], try IssueEdit(body: bobs), read: nil, actor: bob)
        await viewModel.send(.save)
        #expect(viewModel.output.conflict != nil)
        await viewModel.send(.reload)
        return viewModel
    }

    @Test func editsOfDifferentLinesMergeWithoutAQuestion() async throws {
        _ = try await issues.edit([one], try IssueEdit(body: "one\ntwo\nthree\nfour"), read: nil, actor: alice)
        let viewModel = try await conflicted(
            alices: "one\ntwo (alice)\nthree\nfour", bobs: "one\ntwo\nthree\nfour (bob)")
        #expect(viewModel.output.step == .review)
        #expect(viewModel.output.body == "one\ntwo (alice)\nthree\nfour (bob)")
        await viewModel.send(.save)
        #expect(await issues.all.first?.body == "one\ntwo (alice)\nthree\nfour (bob)")
        let versions = try await issues.textHistory(of: one).versions.map(\.body)
        #expect(
            versions == [
                "one\ntwo\nthree", "one\ntwo\nthree\nfour", "one\ntwo\nthree\nfour (bob)",
                "one\ntwo (alice)\nthree\nfour (bob)",
            ])
    }

    @Test func aLineBothChangedIsAskedAndTheTextAChoiceDropsStaysInTheHistory() async throws {
        let viewModel = try await conflicted(alices: "one\nTWO alice\nthree", bobs: "one\nTWO bob\nthree")
        guard case .resolve(let merge) = viewModel.output.step else {
            Issue.record("expected a question, got \(viewModel.output.step)")
            return
        }
        #expect(
            merge.body.conflicts.map(\.mine) == [["TWO alice\n"]]
                && merge.body.conflicts.map(\.theirs) == [["TWO bob\n"]])
        await viewModel.send(.resolve(EditMerge.Choices(body: [.theirs])))
        #expect(viewModel.output.body == "one\nTWO bob\nthree" && viewModel.output.typedFirst != nil)
        await viewModel.send(.text(viewModel.output.text))
        await viewModel.send(.save)
        #expect(await issues.all.first?.body == "one\nTWO bob\nthree")
        let versions = try await issues.textHistory(of: one).versions.map(\.body)
        #expect(versions.contains("one\nTWO alice\nthree"), "what alice typed is a version: \(versions)")
        #expect(versions.contains("one\nTWO bob\nthree"))
    }

    @Test func keepingMineOrBothDropsNothingSoOneVersionIsSaved() async throws {
        let viewModel = try await conflicted(alices: "one\nTWO alice\nthree", bobs: "one\nTWO bob\nthree")
        await viewModel.send(.resolve(EditMerge.Choices(body: [.both])))
        #expect(viewModel.output.body == "one\nTWO alice\nTWO bob\nthree" && viewModel.output.typedFirst == nil)
        await viewModel.send(.text(viewModel.output.text))
        await viewModel.send(.save)
        #expect(try await issues.textHistory(of: one).versions.count == 3, "bob's and the merged, after the first")
    }
}
