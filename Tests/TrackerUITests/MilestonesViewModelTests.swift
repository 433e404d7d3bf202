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
        let users = InMemoryAssigneeRepository([try User(login: alice)])
        issues = InMemoryIssueRepository(users: users)
        milestones = InMemoryMilestoneRepository(issues: issues)
        viewModel = MilestonesViewModel(
            useCases: OrganizationUseCases(
                labels: InMemoryLabelRepository(issues: issues), milestones: milestones, users: users))
    }

    @Test func createsWithADueDateAndShowsProgress() async throws {
        await viewModel.send(.create(title: "v1.0", due: "2026-03-01", description: ""))
        #expect(viewModel.output.notice == "Created milestone 'v1.0'")
        let title = try MilestoneTitle("v1.0")
        for name in ["One", "Two", "Three", "Four"] {
            _ = try await issues.create(try IssueDraft(title: name, milestone: title), author: alice)
        }
        _ = try await issues.close(try IssueNumber(1), reason: .completed, actor: alice)
        await viewModel.send(.appear)
        let milestone = try #require(viewModel.output.milestones.first)
        #expect(milestone.openIssues == 3)
        #expect(milestone.closedIssues == 1)

        let terminal = ScriptedTerminal()
        MilestonesView(now: { Timestamp(iso8601: "2026-04-01T00:00:00Z") ?? .minimum }).render(
            viewModel.output, to: terminal)
        #expect(terminal.output.contains("1 Issues  2 Labels  [3 Milestones]  4 People"))
        #expect(terminal.output.contains("1  v1.0   open   3     1       25%   2026-03-01 overdue"))
    }

    @Test func aBadDueDateOrTitleIsAFailure() async throws {
        await viewModel.send(.create(title: "v1.0", due: "March", description: ""))
        #expect(viewModel.output.failure?.description.contains("is not a date such as 2026-12-31") == true)
        await viewModel.send(.create(title: "", due: "", description: ""))
        #expect(viewModel.output.failure?.description == "invalid milestone title: cannot be empty")
        #expect(viewModel.output.milestones.isEmpty)
    }

    @Test func closesAndReopens() async throws {
        await viewModel.send(.create(title: "v1.0", due: "", description: ""))
        let title = try MilestoneTitle("V1.0")
        await viewModel.send(.close(title))
        #expect(viewModel.output.notice == "Closed milestone 'v1.0'")
        #expect(viewModel.output.milestones.first?.state == .closed)
        await viewModel.send(.reopen(title))
        #expect(viewModel.output.notice == "Reopened milestone 'v1.0'")
        #expect(viewModel.output.milestones.first?.state == .open)
    }

    @Test func aMilestoneIsNamedByRowOrTitleAndOpensItsIssues() async throws {
        await viewModel.send(.create(title: "Sprint 3", due: "", description: ""))
        #expect(viewModel.milestone("1")?.title.value == "Sprint 3")
        #expect(viewModel.milestone("sprint 3")?.title.value == "Sprint 3")
        #expect(viewModel.milestone("sprint") == nil)
        #expect(viewModel.output.failure == .unknownMilestone(title: "sprint", suggestions: ["Sprint 3"]))
        #expect(
            await viewModel.send(.issues(try MilestoneTitle("Sprint 3"))) == .issues(try MilestoneTitle("Sprint 3")))
    }
}

@Suite struct MilestonesCommandsTests {
    @Test func parsesEveryCommand() {
        #expect(MilestonesCommands.parse("n") == .new)
        #expect(MilestonesCommands.parse("v 1") == .issues("1"))
        #expect(MilestonesCommands.parse("v \"Sprint 3\"") == .issues("Sprint 3"))
        #expect(MilestonesCommands.parse("c v1.0") == .close("v1.0"))
        #expect(MilestonesCommands.parse("o v1.0") == .reopen("v1.0"))
        #expect(MilestonesCommands.parse("q") == .quit)
        #expect(MilestonesCommands.parse("v") == .unknown("v"))
    }
}
