import Testing
import TrackerCore
import TrackerTestSupport
import TrackerUI

@MainActor
@Suite struct AssigneeViewModelTests {
    let users = InMemoryAssigneeRepository(
        (["alice", "bob", "carol", "dave"] + (1...9).map { "dev\($0)" }).map { try! User(login: Login($0)) })
    let alice = try! Login("alice")

    func makeViewModel(_ issues: InMemoryIssueRepository) -> AssigneeViewModel {
        AssigneeViewModel(
            numbers: [try! IssueNumber(1)], actor: alice,
            useCases: .init(
                assign: AssignIssues(issues: issues, users: users),
                unassign: UnassignIssues(issues: issues, users: users),
                change: ChangeAssignees(issues: issues, users: users), show: ShowIssue(issues: issues),
                listUsers: ListUsers(users: users)))
    }

    func toggle(_ name: String, on viewModel: AssigneeViewModel) async throws {
        await viewModel.send(.search(name))
        let position = try #require(viewModel.output.choices.firstIndex(of: try Login(name)))
        await viewModel.send(.toggle(position + 1))
    }

    @Test func aRefusedSaveKeepsNothingOfIt() async throws {
        let issues = InMemoryIssueRepository(users: users)
        _ = try await issues.create(try IssueDraft(title: "One", assignees: [try Login("carol")]), author: alice)
        let viewModel = makeViewModel(issues)
        await viewModel.send(.appear)
        // Meanwhile a teammate fills the issue up to the limit.
        let others = try (1...9).map { try Login("dev\($0)") }
        _ = try await issues.assign(others, to: [try IssueNumber(1)], actor: alice)
        // Swap carol for bob and dave: 9 + 2 = 11, refused as a whole.
        try await toggle("carol", on: viewModel)
        try await toggle("bob", on: viewModel)
        try await toggle("dave", on: viewModel)
        await viewModel.send(.done)
        #expect(viewModel.output.failure == .tooManyAssignees(issue: try IssueNumber(1), count: 11))
        let issue = try #require(await issues.all.first)
        #expect(issue.assignees.contains(try Login("carol")), "carol was not unassigned by half a save")
        #expect(issue.assignees.count == 10)
    }

    @Test func aSaveRecordsRemovalsAndAdditionsTogether() async throws {
        let issues = InMemoryIssueRepository(users: users)
        _ = try await issues.create(try IssueDraft(title: "One", assignees: [try Login("carol")]), author: alice)
        let viewModel = makeViewModel(issues)
        var finished: [Login]??
        viewModel.onRoute = { route in if case .finished(let logins) = route { finished = .some(logins) } }
        await viewModel.send(.appear)
        try await toggle("carol", on: viewModel)
        try await toggle("bob", on: viewModel)
        await viewModel.send(.done)
        #expect(finished == .some([try Login("bob")]))
        #expect(await issues.all.first?.assignees == [try Login("bob")])
        let kinds = try await issues.details(of: try IssueNumber(1)).events.map(\.kind)
        #expect(kinds.suffix(2) == [.unassigned(try Login("carol")), .assigned(try Login("bob"))])
    }
}
