import Testing
import TrackerCore
import TrackerTestSupport
import TrackerUI

@MainActor
@Suite struct MilestonesViewModelTests {
    let issues: InMemoryIssueRepository
    let milestones: InMemoryMilestoneRepository
    let alice: Login
    let viewModel: MilestonesViewModel

    init() throws {
        alice = try Login("alice")
        let users = InMemoryUserRepository([try User(login: alice)])
        issues = InMemoryIssueRepository(users: users)
        milestones = InMemoryMilestoneRepository(issues: issues)
        viewModel = MilestonesViewModel(milestones: ManageMilestones(milestones: milestones), actor: alice)
    }

    @Test func createsWithADueDateAndShowsProgress() async throws {
        let title = try MilestoneTitle("v1.0")
        await viewModel.send(.create(title, description: "", due: try DueDate.parse("2026-03-01")))
        guard case .created(let created)? = viewModel.output.notice else {
            Issue.record("expected a created milestone, got \(String(describing: viewModel.output.notice))")
            return
        }
        #expect(created.title == title)
        #expect(created.number.value == 1)
        for name in ["One", "Two", "Three", "Four"] {
            _ = try await issues.create(try IssueDraft(title: name, milestone: title), author: alice)
        }
        _ = try await issues.close(try IssueNumber(1), reason: .completed, actor: alice)
        await viewModel.send(.appear)
        let milestone = try #require(viewModel.output.items.first)
        #expect(milestone.openIssues == 3)
        #expect(milestone.closedIssues == 1)
    }

    @Test func aTakenTitleIsAFailure() async throws {
        await viewModel.send(.appear)
        await viewModel.send(.create(try MilestoneTitle("v1.0"), description: "", due: nil))
        await viewModel.send(.create(try MilestoneTitle("V1.0"), description: "", due: nil))
        #expect(viewModel.output.failure != nil, "titles are unique ignoring case")
        #expect(viewModel.output.items.count == 1)
    }

    @Test func closesAndReopens() async throws {
        await viewModel.send(.appear)
        await viewModel.send(.create(try MilestoneTitle("v1.0"), description: "", due: nil))
        let title = try MilestoneTitle("V1.0")
        await viewModel.send(.setState(title, .closed))
        guard case .stateSet(let closed, .closed)? = viewModel.output.notice else {
            Issue.record("expected a close, got \(String(describing: viewModel.output.notice))")
            return
        }
        #expect(closed.title.value == "v1.0")
        #expect(viewModel.output.items.first?.state == .closed)
        await viewModel.send(.setState(title, .open))
        guard case .stateSet(_, .open)? = viewModel.output.notice else {
            Issue.record("expected a reopen, got \(String(describing: viewModel.output.notice))")
            return
        }
        #expect(viewModel.output.items.first?.state == .open)
    }

    @Test func aMilestonesIssuesAreARoute() async throws {
        let title = try MilestoneTitle("Sprint 3")
        #expect(await viewModel.send(.issues(title)) == .issues(title))
    }

    @Test func theCommandsListByStateAndDeleteWithoutAList() async throws {
        await viewModel.send(.create(try MilestoneTitle("v1.0"), description: "", due: nil))
        await viewModel.send(.create(try MilestoneTitle("v2.0"), description: "", due: nil))
        await viewModel.send(.setState(try MilestoneTitle("v1.0"), .closed))
        #expect(viewModel.output.items.isEmpty, "no list was asked for")
        await viewModel.send(.list(state: .open))
        #expect(viewModel.output.items.map(\.title.value) == ["v2.0"])
        #expect(viewModel.output.query == .open)
        await viewModel.send(.delete(try MilestoneTitle("v2.0")))
        guard case .deleted(let deleted)? = viewModel.output.notice else {
            Issue.record("expected a deletion, got \(String(describing: viewModel.output.notice))")
            return
        }
        #expect(deleted.title.value == "v2.0")
    }
}
