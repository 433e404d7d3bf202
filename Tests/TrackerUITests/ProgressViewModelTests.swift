import Synchronization
import Testing
import TrackerCore
import TrackerTestSupport
import TrackerUI

/// `ProgressViewModel` over the in-memory repository with a clock that moves a day at a time, so
/// closes and reopens land on the days they were made; an unknown milestone is refused with the
/// closest titles.
@MainActor
@Suite struct ProgressViewModelTests {
    let alice: Login
    let issues: InMemoryIssueRepository
    let clock = DayClock()
    let start = Day(iso8601: "2026-03-10")!

    init() async throws {
        alice = try Login("alice")
        let clock = clock
        issues = InMemoryIssueRepository(users: InMemoryUserRepository([try User(login: alice)]), now: clock.now)
    }

    func nextDay() { clock.time.withLock { $0 = Timestamp(microseconds: $0.microseconds + 86_400_000_000)! } }

    func viewModel() -> ProgressViewModel {
        let clock = clock
        return ProgressViewModel(
            showProgress: ShowProgress(
                progress: issues, milestones: InMemoryMilestoneRepository(issues: issues),
                today: { Day(containing: clock.now()) }))
    }

    @Test func theBurndownFollowsEachDaysChanges() async throws {
        let v1 = try MilestoneTitle("v1")
        _ = try await InMemoryMilestoneRepository(issues: issues).create(
            title: v1, description: "", dueOn: start.adding(5).start)
        for title in ["One", "Two", "Three"] {
            _ = try await issues.create(try IssueDraft(title: title, milestone: v1), author: alice)
        }
        nextDay()
        _ = try await issues.close(try IssueNumber(1), reason: .completed, actor: alice)
        nextDay()
        _ = try await issues.close(try IssueNumber(2), reason: .completed, actor: alice)
        nextDay()
        _ = try await issues.reopen(try IssueNumber(1), actor: alice)
        let burndown = try #require(try await drive(viewModel(), inputs: [.burndown(v1)]).burndown)
        #expect(burndown.today == start.adding(3))
        #expect(burndown.points.map(\.open) == [3, 2, 1, 2, nil, nil])
        #expect(burndown.points.map(\.ideal) == [3, 2.4, 1.8, 1.2, 0.6, 0])
        #expect(burndown.milestone.openIssues == 2)
    }

    @Test func anUnknownMilestoneNamesTheClosest() async throws {
        _ = try await InMemoryMilestoneRepository(issues: issues).create(
            title: try MilestoneTitle("Beta"), description: "", dueOn: nil)
        let model = viewModel()
        await #expect(throws: TrackerError.unknownMilestone(title: "Betta", suggestions: ["Beta"])) {
            try await drive(model, inputs: [.burndown(try MilestoneTitle("Betta"))])
        }
        #expect(model.output.burndown == nil)
    }

    @Test func theReportIsTwelveWeeksThroughThisOne() async throws {
        _ = try await issues.create(try IssueDraft(title: "One"), author: alice)
        for _ in 0..<7 { nextDay() }
        _ = try await issues.close(try IssueNumber(1), reason: .completed, actor: alice)
        let report = try #require(try await drive(viewModel(), inputs: [.report]).report)
        #expect(report.weeks.count == 12 && report.weeks.last?.start == start.adding(7).monday)
        #expect(report.weeks.suffix(2).map(\.opened) == [1, 0] && report.weeks.suffix(2).map(\.closed) == [0, 1])
    }
}

/// A clock tests move by hand, from 2026-03-10T00:00:00Z.
final class DayClock: Sendable {
    let time = Mutex(Timestamp(microseconds: 1_773_100_800_000_000)!)

    @Sendable func now() -> Timestamp { time.withLock { $0 } }
}
