import Testing
import TrackerCore
import TrackerTestSupport
import TrackerUI

@MainActor
@Suite struct IssueCreatorViewModelTests {
    let users = InMemoryAssigneeRepository([try! User(login: Login("alice")), try! User(login: Login("bob"))])

    func makeViewModel(_ issues: InMemoryIssueRepository) throws -> IssueCreatorViewModel {
        IssueCreatorViewModel(createIssue: CreateIssue(issues: issues, users: users), author: try Login("alice"))
    }

    @Test func aBadTitleIsReportedAtOnceAndAGoodOneClearsIt() async throws {
        let viewModel = try makeViewModel(InMemoryIssueRepository(users: users))
        await viewModel.send(.title("   "))
        #expect(viewModel.output.problem?.description.contains("title") == true)
        await viewModel.send(.title(String(repeating: "x", count: 257)))
        #expect(viewModel.output.problem?.description.contains("256") == true)
        await viewModel.send(.title("Fine"))
        #expect(viewModel.output.problem == nil)
    }

    @Test func confirmCreatesTheIssueAndFinishes() async throws {
        let issues = InMemoryIssueRepository(users: users)
        let viewModel = try makeViewModel(issues)
        var routes: [IssueCreatorViewModel.Route] = []
        viewModel.onRoute = { routes.append($0) }
        await viewModel.send(.title("Crash on start"))
        await viewModel.send(.body("Steps"))
        await viewModel.send(.assignees([try Login("bob")]))
        await viewModel.send(.confirm)
        let created = try #require(viewModel.output.created)
        #expect(created.title == "Crash on start")
        #expect(created.assignees == [try Login("bob")])
        #expect(routes == [.finished(created)])
        #expect(await issues.all.count == 1)
    }

    @Test func confirmWithABadDraftWritesNothingAndKeepsWhatWasTyped() async throws {
        let issues = InMemoryIssueRepository(users: users)
        let viewModel = try makeViewModel(issues)
        await viewModel.send(.title(""))
        await viewModel.send(.body("A long description I do not want to lose"))
        await viewModel.send(.confirm)
        #expect(viewModel.output.problem != nil)
        #expect(viewModel.output.created == nil)
        #expect(viewModel.output.body == "A long description I do not want to lose")
        #expect(await issues.all.isEmpty)
    }

    @Test func aDatabaseFailureKeepsTheDraft() async throws {
        let issues = InMemoryIssueRepository(users: users)
        let viewModel = try makeViewModel(issues)
        await viewModel.send(.title("Kept"))
        await issues.failNextCall(with: .databaseUnavailable("down"))
        await viewModel.send(.confirm)
        #expect(viewModel.output.problem == .databaseUnavailable("down"))
        #expect(viewModel.output.title == "Kept")
    }

    @Test func cancelFinishesWithoutWriting() async throws {
        let issues = InMemoryIssueRepository(users: users)
        let viewModel = try makeViewModel(issues)
        var routes: [IssueCreatorViewModel.Route] = []
        viewModel.onRoute = { routes.append($0) }
        await viewModel.send(.title("Never mind"))
        await viewModel.send(.cancel)
        #expect(routes == [.finished(nil)])
        #expect(await issues.all.isEmpty)
    }
}
