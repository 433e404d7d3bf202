import Testing
import TrackerCore
import TrackerTestSupport
import TrackerUI

@MainActor
@Suite struct AssigneeViewModelTests {
    let users: InMemoryUserRepository
    let alice: Login

    init() throws {
        users = InMemoryUserRepository(
            try (["alice", "bob", "carol", "dave"] + (1...9).map { "dev\($0)" }).map { try User(login: Login($0)) })
        alice = try Login("alice")
    }

    func makeViewModel(
        _ issues: InMemoryIssueRepository, numbers: [Int64] = [1], draft: [Login] = []
    ) throws
        -> AssigneeViewModel
    {
        AssigneeViewModel(
            numbers: try numbers.map { try IssueNumber($0) }, actor: alice,
            useCases: .init(
                assign: AssignIssues(issues: issues, users: users),
                unassign: UnassignIssues(issues: issues, users: users),
                change: ChangeAssignees(issues: issues, users: users), show: ShowIssue(issues: issues),
                listUsers: ListUsers(users: users)), draft: draft)
    }

    func toggle(_ name: String, on viewModel: AssigneeViewModel) async throws {
        await viewModel.send(.pick(.search(name)))
        let position = try #require(viewModel.output.picker.choices.firstIndex(of: try Login(name)))
        await viewModel.send(.pick(.toggle(position + 1)))
    }

    /// Issue #1 assigned to carol, and its picker with carol ticked off and bob on, not yet left.
    func carolSwappedForBobOnThePicker() async throws -> (InMemoryIssueRepository, AssigneeViewModel) {
        let issues = InMemoryIssueRepository(users: users)
        _ = try await issues.create(try IssueDraft(title: "One", assignees: [try Login("carol")]), author: alice)
        let viewModel = try makeViewModel(issues)
        await viewModel.send(.appear)
        try await toggle("carol", on: viewModel)
        try await toggle("bob", on: viewModel)
        return (issues, viewModel)
    }

    @Test func leavingThePickerRecordsWhatChangedAsTheServerSpellsIt() async throws {
        let (issues, viewModel) = try await carolSwappedForBobOnThePicker()
        let finished = await viewModel.send(.pick(.done))
        #expect(finished == .finished([try Login("bob")]))
        let one = try IssueNumber(1)
        #expect(
            viewModel.output.change == .init(number: one, added: [try Login("bob")], removed: [try Login("carol")]))

        let unchanged = try makeViewModel(issues)
        await unchanged.send(.appear)
        await unchanged.send(.pick(.done))
        #expect(unchanged.output.change == .init(number: one, added: [], removed: []))
    }

    @Test func aToggleAssignsTheAbsentAndUnassignsThePresentInAnyCase() async throws {
        let issues = InMemoryIssueRepository(users: users)
        _ = try await issues.create(try IssueDraft(title: "One", assignees: [try Login("carol")]), author: alice)
        let viewModel = try makeViewModel(issues)
        let route = await viewModel.send(.toggle([try Login("CAROL"), try Login("bob")]))
        #expect(route == .finished([try Login("bob")]))
        #expect(await issues.all.first?.assignees == [try Login("bob")])
        #expect(
            viewModel.output.change
                == .init(number: try IssueNumber(1), added: [try Login("bob")], removed: [try Login("carol")]))

        await viewModel.send(.toggle([try Login("nobody")]))
        #expect(viewModel.output.failure != nil, "an unknown login is refused")
        #expect(await issues.all.first?.assignees == [try Login("bob")], "and nothing changed")
    }

    @Test func aRefusedSaveKeepsNothingOfIt() async throws {
        let issues = InMemoryIssueRepository(users: users)
        _ = try await issues.create(try IssueDraft(title: "One", assignees: [try Login("carol")]), author: alice)
        let viewModel = try makeViewModel(issues)
        await viewModel.send(.appear)
        // Meanwhile a teammate fills the issue up to the limit.
        let others = try (1...9).map { try Login("dev\($0)") }
        _ = try await issues.assign(others, to: [try IssueNumber(1)], actor: alice)
        // Swap carol for bob and dave: 9 + 2 = 11, refused as a whole.
        try await toggle("carol", on: viewModel)
        try await toggle("bob", on: viewModel)
        try await toggle("dave", on: viewModel)
        #expect(await viewModel.send(.pick(.done)) == nil, "a refused save does not leave the screen")
        #expect(viewModel.output.failure == .tooManyAssignees(issue: try IssueNumber(1), count: 11))
        let issue = try #require(await issues.all.first)
        #expect(issue.assignees.contains(try Login("carol")), "carol was not unassigned by half a save")
        #expect(issue.assignees.count == 10)
    }

    @Test func aSaveRecordsRemovalsAndAdditionsTogether() async throws {
        let (issues, viewModel) = try await carolSwappedForBobOnThePicker()
        #expect(await viewModel.send(.pick(.done)) == .finished([try Login("bob")]))
        #expect(await issues.all.first?.assignees == [try Login("bob")])
        let kinds = try await issues.details(of: try IssueNumber(1)).events.map(\.kind)
        #expect(kinds.suffix(2) == [.unassigned(try Login("carol")), .assigned(try Login("bob"))])
    }

    @Test func togglingKeepsEveryNumberInPlace() async throws {
        let issues = InMemoryIssueRepository(users: users)
        _ = try await issues.create(try IssueDraft(title: "One", assignees: [try Login("carol")]), author: alice)
        let viewModel = try makeViewModel(issues)
        await viewModel.send(.appear)
        let before = viewModel.output.picker.choices
        #expect(before.first == (try Login("carol")), "the saved assignee comes first")
        await viewModel.send(.pick(.toggle(1)))
        await viewModel.send(.pick(.toggle(3)))
        #expect(viewModel.output.picker.choices == before)
        #expect(viewModel.output.selected == [before[2]])
    }

    @Test func theLimitAndBadNumbersAreNoticesNotFailures() async throws {
        let issues = InMemoryIssueRepository(users: users)
        _ = try await issues.create(try IssueDraft(title: "One"), author: alice)
        let viewModel = try makeViewModel(issues)
        await viewModel.send(.appear)
        await viewModel.send(.pick(.toggle(99)))
        #expect(viewModel.output.notice == .outOfRange(AssigneeViewModel.candidateCount))
        await viewModel.send(.pick(.search("zz")))
        #expect(viewModel.output.notice == .noMatch("zz"))
        await viewModel.send(.pick(.search("dev")))
        for position in 1...8 { await viewModel.send(.pick(.toggle(position))) }
        try await toggle("dev9", on: viewModel)
        try await toggle("bob", on: viewModel)
        try await toggle("carol", on: viewModel)
        #expect(viewModel.output.selected.count == 10)
        #expect(viewModel.output.notice == .full(10))
        #expect(viewModel.output.failure == nil)
    }

    @Test func aDraftChoiceIsHandedBackAndNothingIsSaved() async throws {
        let issues = InMemoryIssueRepository(users: users)
        let viewModel = try makeViewModel(issues, numbers: [], draft: [try Login("bob")])
        await viewModel.send(.appear)
        #expect(viewModel.output.selected == [try Login("bob")])
        try await toggle("dave", on: viewModel)
        #expect(await viewModel.send(.pick(.done)) == .finished([try Login("bob"), try Login("dave")]))
        #expect(await issues.all.isEmpty)
    }

    @Test func cancelHandsBackNothing() async throws {
        let issues = InMemoryIssueRepository(users: users)
        _ = try await issues.create(try IssueDraft(title: "One"), author: alice)
        let viewModel = try makeViewModel(issues)
        await viewModel.send(.appear)
        try await toggle("bob", on: viewModel)
        #expect(await viewModel.send(.pick(.cancel)) == .finished(nil))
        #expect(await issues.all.first?.assignees == [])
    }

    @Test func scriptedAddAndRemoveChangeEveryIssueNamed() async throws {
        let issues = InMemoryIssueRepository(users: users)
        for title in ["One", "Two"] { _ = try await issues.create(try IssueDraft(title: title), author: alice) }
        let viewModel = try makeViewModel(issues, numbers: [1, 2])
        await viewModel.send(.add([try Login("bob"), try Login("carol")]))
        #expect(
            viewModel.output.issues.map(\.assignees)
                == Array(repeating: [try Login("bob"), try Login("carol")], count: 2))
        await viewModel.send(.remove([try Login("bob")]))
        #expect(viewModel.output.issues.map(\.assignees) == [[try Login("carol")], [try Login("carol")]])
        await viewModel.send(.removeAll)
        #expect(viewModel.output.issues.allSatisfy { $0.assignees.isEmpty })
        await viewModel.send(.add([try Login("nobody")]))
        #expect(viewModel.output.failure != nil)
    }
}
