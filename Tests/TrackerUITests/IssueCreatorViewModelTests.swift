import Testing
import TrackerCore
import TrackerTestSupport
import TrackerUI

@MainActor
@Suite struct IssueCreatorViewModelTests {
    let users: InMemoryUserRepository
    let drafts = InMemoryDraftRepository()

    init() throws {
        users = InMemoryUserRepository([try User(login: Login("alice")), try User(login: Login("bob"))])
    }

    func makeViewModel(_ issues: InMemoryIssueRepository, keepingDrafts: Bool = true) throws -> IssueCreatorViewModel {
        let useCases = IssueCreatorViewModel.UseCases(
            create: CreateIssue(issues: issues, users: users),
            saveDraft: keepingDrafts ? SaveDraft(drafts: drafts) : nil,
            discardDraft: keepingDrafts ? DiscardDraft(drafts: drafts) : nil)
        return IssueCreatorViewModel(useCases: useCases, author: try Login("alice"))
    }

    @Test func aBadTitleIsReportedAtOnceAndAGoodOneClearsIt() async throws {
        let viewModel = try makeViewModel(InMemoryIssueRepository(users: users))
        await viewModel.send(.title("   "))
        #expect(viewModel.output.failure?.description.contains("title") == true)
        await viewModel.send(.title(String(repeating: "x", count: 257)))
        #expect(viewModel.output.failure?.description.contains("256") == true)
        await viewModel.send(.title("Fine"))
        #expect(viewModel.output.failure == nil)
    }

    @Test func confirmCreatesTheIssueAndFinishes() async throws {
        let issues = InMemoryIssueRepository(users: users)
        let viewModel = try makeViewModel(issues)
        try drafts.save(SavedDraft(title: "Crash on start", body: "", assignees: []), in: .newIssue)
        await viewModel.send(.title("Crash on start"))
        await viewModel.send(.body("Steps"))
        await viewModel.send(.assignees([try Login("bob")]))
        await viewModel.send(.confirm)
        let created = try #require(viewModel.output.created)
        #expect(created.title == "Crash on start")
        #expect(created.assignees == [try Login("bob")])
        #expect(await issues.all.count == 1)
        #expect(try drafts.load(.newIssue) == nil, "a kept draft is forgotten once its issue exists")
    }

    @Test func confirmWithABadDraftWritesNothingAndKeepsWhatWasTyped() async throws {
        let issues = InMemoryIssueRepository(users: users)
        let viewModel = try makeViewModel(issues)
        await viewModel.send(.title(""))
        await viewModel.send(.body("A long description I do not want to lose"))
        await viewModel.send(.confirm)
        #expect(viewModel.output.failure != nil)
        #expect(viewModel.output.created == nil)
        #expect(viewModel.output.body == "A long description I do not want to lose")
        #expect(await issues.all.isEmpty)
    }

    @Test func aDatabaseFailureKeepsTheDraft() async throws {
        let issues = InMemoryIssueRepository(users: users)
        let viewModel = try makeViewModel(issues)
        await viewModel.send(.title("Kept"))
        await viewModel.send(.body("typed with care"))
        await issues.failNextCall(with: .databaseUnavailable("down"))
        await viewModel.send(.confirm)
        #expect(viewModel.output.failure == .databaseUnavailable("down"))
        #expect(viewModel.output.keptDraft == .saved)
        #expect(try drafts.load(.newIssue) == SavedDraft(title: "Kept", body: "typed with care", assignees: []))
    }

    @Test func aKeptDraftHoldsTheChosenLabelsAndMilestone() async throws {
        let issues = InMemoryIssueRepository(users: users)
        _ = try await InMemoryLabelRepository(issues: issues).create(try Label(name: try LabelName("bug")))
        _ = try await InMemoryMilestoneRepository(issues: issues).create(
            title: try MilestoneTitle("v1.0"), description: "", dueOn: nil)
        let viewModel = try makeViewModel(issues)
        await viewModel.send(.title("Kept"))
        await viewModel.send(.labels([try LabelName("bug")]))
        await viewModel.send(.milestone(try MilestoneTitle("v1.0")))
        await issues.failNextCall(with: .databaseUnavailable("down"))
        await viewModel.send(.confirm)
        #expect(
            try drafts.load(.newIssue)
                == SavedDraft(title: "Kept", body: "", assignees: [], labels: ["bug"], milestone: "v1.0"))
    }

    @Test func withoutDraftUseCasesAFailureKeepsNothing() async throws {
        let issues = InMemoryIssueRepository(users: users)
        let viewModel = try makeViewModel(issues, keepingDrafts: false)
        await viewModel.send(.title("Scripted"))
        await issues.failNextCall(with: .databaseUnavailable("down"))
        await viewModel.send(.confirm)
        #expect(viewModel.output.keptDraft == nil)
        #expect(try drafts.load(.newIssue) == nil)
    }

    @Test func aBodyIsCheckedWhenItIsHandedOverAndTheTitleThenTheBodyAreAskedFor() async throws {
        let viewModel = try makeViewModel(InMemoryIssueRepository(users: users))
        #expect(viewModel.output.step == .title)
        await viewModel.send(.title("Fine"))
        #expect(viewModel.output.step == .body)
        await viewModel.send(.body(String(repeating: "x", count: IssueDraft.maximumBodyLength + 1)))
        #expect(viewModel.output.failure?.description.contains("65536") == true)
        #expect(viewModel.output.step == .body, "asked again")
        await viewModel.send(.body("First line\n\n . "))
        #expect(viewModel.output.body == "First line\n\n . ")
        #expect(viewModel.output.failure == nil)
        #expect(viewModel.output.step == .assigneesQuestion)
        #expect(await viewModel.send(.wantsAssignees(false)) == nil)
        #expect(viewModel.output.step == .confirm)
    }

    @Test func aRestoredDraftOpensAtTheConfirmation() async throws {
        let draft = SavedDraft(title: "Kept", body: "typed", assignees: ["bob"], labels: ["bug"], milestone: "v1.0")
        let viewModel = IssueCreatorViewModel(
            useCases: .init(create: CreateIssue(issues: InMemoryIssueRepository(users: users), users: users)),
            author: try Login("alice"), prefill: draft)
        await viewModel.send(.appear)
        #expect(viewModel.output.notice == .opened(restored: true))
        #expect(viewModel.output.step == .confirm)
        #expect(viewModel.output.draft == draft)
    }
}
