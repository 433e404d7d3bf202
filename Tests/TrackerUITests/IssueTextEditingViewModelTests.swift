import Testing
import TrackerCore
import TrackerTestSupport
import TrackerUI

/// `tracker edit N` in the person's editor and `--recover`: the editor's text is saved against the
/// version read, and text that cannot be saved is kept.
@MainActor
@Suite struct IssueTextEditingViewModelTests {
    let alice: Login
    let users: InMemoryUserRepository
    let issues: InMemoryIssueRepository
    let drafts = InMemoryDraftRepository()
    let one: IssueNumber

    init() async throws {
        alice = try Login("alice")
        users = InMemoryUserRepository([try User(login: alice)])
        issues = InMemoryIssueRepository(users: users)
        one = try IssueNumber(1)
        _ = try await issues.create(try IssueDraft(title: "Crash on start", body: "Steps"), author: alice)
    }

    func viewModel() -> IssueTextEditingViewModel {
        IssueTextEditingViewModel(
            number: one, actor: alice,
            useCases: .init(
                show: ShowIssue(issues: issues), edit: EditIssues(issues: issues, users: users, drafts: drafts),
                recoverDraft: RecoverDraft(drafts: drafts), saveDraft: SaveDraft(drafts: drafts),
                discardDraft: DiscardDraft(drafts: drafts)))
    }

    @Test func theEditorOpensOnTheTextAndWhatItSavesIsSaved() async throws {
        let editing = viewModel()
        let text = try await drive(editing, inputs: [.read]).text
        #expect(text.text == "Crash on start\n\nSteps\n")
        guard case .unchanged = try await drive(editing, inputs: [.written(text.text)]).result else {
            Issue.record("the same text is no change")
            return
        }
        guard
            case .edited(let issue) = try await drive(editing, inputs: [.written("Crash at launch\n\nSteps\n")]).result
        else {
            Issue.record("a new title is saved")
            return
        }
        #expect(issue.title == "Crash at launch")
        #expect(issue.body == "Steps")
    }

    /// Someone saved meanwhile: the conflict carries the merge; merging keeps both people's lines,
    /// and choosing theirs where both changed saves the typed text first, as a version.
    @Test func aConflictIsMergedAndTextAChoiceDropsIsAVersion() async throws {
        let bob = try Login("bob")
        _ = try await users.addIfMissing(try User(login: bob))
        _ = try await issues.edit([one], try IssueEdit(body: "one\ntwo\nthree\nfour"), read: nil, actor: alice)
        let editing = viewModel()
        try await drive(editing, inputs: [.read])
        _ = try await issues.edit([one], try IssueEdit(body: "one\nTWO bob\nthree\nFOUR bob"), read: nil, actor: bob)
        await editing.send(.written("Crash on start\n\none\nTWO mine\nthree\nfour\n"))
        guard case .editConflict = editing.failure, let merge = editing.output.merge else {
            Issue.record("a conflict with its merge, got \(String(describing: editing.failure))")
            return
        }
        #expect(merge.body.conflicts.count == 1, "line 2 both changed; line 4 only bob")
        let merged = try await drive(editing, inputs: [.merge(EditMerge.Choices(body: [.theirs]))])
        guard case .edited(let issue) = merged.result else {
            Issue.record("the merge is saved")
            return
        }
        #expect(issue.body == "one\nTWO bob\nthree\nFOUR bob")
        let versions = try await issues.textHistory(of: one).versions.map(\.body)
        #expect(versions.contains("one\nTWO mine\nthree\nfour"), "what alice typed is a version: \(versions)")
    }

    @Test func anEditorThatFailsChangesNothing() async throws {
        let editing = viewModel()
        try await drive(editing, inputs: [.read])
        await #expect(throws: TrackerError.self) { try await drive(editing, inputs: [.written(nil)]) }
        #expect(editing.failure?.description.contains("nothing was changed") == true)
        #expect(await issues.all.first?.title == "Crash on start")
    }

    @Test func textThatBreaksARuleIsKeptForRecover() async throws {
        let editing = viewModel()
        try await drive(editing, inputs: [.read])
        await #expect(throws: TrackerError.self) { try await drive(editing, inputs: [.written("\n\nOnly a body\n")]) }
        #expect(editing.failure?.description.contains("the first line is empty") == true)
        #expect(editing.failure?.description.contains("`tracker edit 1 --recover` opens it again") == true)
        #expect(try drafts.load(.edit(one))?.body == "Only a body")
    }

    @Test func recoverAppliesTheKeptTextOrSaysThereIsNone() async throws {
        await #expect(throws: TrackerError.self) { try await drive(viewModel(), inputs: [.recover]) }
        try drafts.save(
            SavedDraft(title: "Crash at launch", body: "", assignees: [], changesTitle: true, changesBody: false),
            in: .edit(one))
        let recovering = viewModel()
        #expect(
            try await drive(recovering, inputs: [.recover]).text == IssueText(title: "Crash at launch", body: "Steps"))
        guard case .edited(let issue) = try await drive(recovering, inputs: [.saveAsIs]).result else {
            Issue.record("the kept title is saved")
            return
        }
        #expect(issue.title == "Crash at launch")
        #expect(issue.body == "Steps", "the body the person did not change stands")
    }
}
