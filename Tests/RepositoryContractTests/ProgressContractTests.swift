import Testing
import TrackerCore
import TrackerPostgres
import TrackerTestSupport

extension ContractFixture {
    /// The progress repository over the same store.
    var progress: any ProgressRepository {
        get throws {
            if let memory = issues as? InMemoryIssueRepository { return memory }
            return PostgresProgressRepository(sharing: try #require(issues as? PostgresIssueRepository))
        }
    }
}

/// `ProgressRepository`: a milestone's open issues per day and the issues opened and closed per
/// week, read from the timeline: imported history at its own times, today's closes, reopens,
/// moves, deletions and restores, and issues in the trash left out.
@Suite struct ProgressContractTests {
    let today = Day(containing: .now())

    /// Noon UTC, `days` before today.
    func noon(_ days: Int64) -> Timestamp {
        Timestamp(microseconds: today.adding(-days).start.microseconds + 43_200_000_000) ?? .minimum
    }

    func record(
        _ number: Int64, created: Int64, closed: Int64? = nil, milestone: String? = nil
    ) throws -> ImportedIssue {
        var issue = try ImportedIssue(
            number: number, title: "Issue \(number)", body: "", state: closed == nil ? .open : .closed,
            stateReason: nil, author: try Login("alice"), assignees: [], createdAt: noon(created),
            updatedAt: noon(closed ?? created), closedAt: closed.map(noon))
        issue.milestone = try milestone.map { try ImportedMilestone(number: nil, title: try MilestoneTitle($0)) }
        return issue
    }

    /// v1: #1 from 10 days ago, #5 from 9 (moved out today), #2 from 8 (closed 5 days ago), #3 from
    /// 6 (closed 4 days ago, reopened today), #6 from 3 (deleted today), #7 from 2 (deleted and
    /// restored today), #4 from 7 in no milestone (moved in today); #8 is in another milestone.
    func seeded(_ kind: RepositoryKind) async throws -> ContractFixture {
        let fixture = try await ContractFixture.make(kind, titles: [])
        _ = try await fixture.milestones.create(
            title: try MilestoneTitle("v1"), description: "", dueOn: today.adding(10).start)
        _ = try await fixture.milestones.create(title: try MilestoneTitle("Other"), description: "", dueOn: nil)
        let records = [
            try record(1, created: 10, milestone: "v1"), try record(2, created: 8, closed: 5, milestone: "v1"),
            try record(3, created: 6, closed: 4, milestone: "V1"), try record(4, created: 7),
            try record(5, created: 9, milestone: "v1"), try record(6, created: 3, milestone: "v1"),
            try record(7, created: 2, milestone: "v1"), try record(8, created: 5, milestone: "Other"),
        ]
        _ = try await fixture.issues.importIssues(records, actor: fixture.alice)
        _ = try await fixture.issues.reopen(try fixture.number(3), actor: fixture.alice)
        _ = try await fixture.issues.edit(
            try fixture.numbers(4), try IssueEdit(milestone: .set(try MilestoneTitle("v1"))), read: nil,
            actor: fixture.alice)
        _ = try await fixture.issues.edit(
            try fixture.numbers(5), try IssueEdit(milestone: .set(try MilestoneTitle("Other"))), read: nil,
            actor: fixture.alice)
        _ = try await fixture.history.delete(try fixture.numbers(6, 7), actor: fixture.alice)
        _ = try await fixture.history.restore(try fixture.numbers(7), actor: fixture.alice)
        return fixture
    }

    @Test(arguments: RepositoryKind.allCases)
    func openIssuesPerDayFollowTheTimeline(_ kind: RepositoryKind) async throws {
        let fixture = try await seeded(kind)
        let history = try await fixture.progress.burndown(
            of: try MilestoneTitle("V1"), through: today, days: Burndown.maximumDays)
        #expect(history.milestone.title.value == "v1" && history.milestone.openIssues == 4)
        #expect(history.counts.map(\.day) == (0...10).reversed().map { today.adding(-$0) })
        #expect(history.counts.map(\.open) == [1, 2, 3, 3, 4, 3, 2, 3, 4, 4, 4])
        #expect(history.counts.last?.open == history.milestone.openIssues, "today's count is the milestone's own")

        let lastDays = try await fixture.progress.burndown(of: try MilestoneTitle("v1"), through: today, days: 3)
        #expect(lastDays.counts.map(\.open) == [4, 4, 4], "earlier days are folded into the first one drawn")
        let before = try await fixture.progress.burndown(
            of: try MilestoneTitle("v1"), through: today.adding(-6), days: Burndown.maximumDays)
        #expect(before.counts.map(\.open) == [1, 2, 3, 3, 4], "nothing after the last day counts")
        let other = try await fixture.progress.burndown(
            of: try MilestoneTitle("Other"), through: today, days: Burndown.maximumDays)
        #expect(other.counts.first?.day == today.adding(-5) && other.counts.map(\.open) == [1, 1, 1, 1, 1, 2])
    }

    @Test(arguments: RepositoryKind.allCases)
    func aRenamedMilestoneKeepsItsIssuesAndAnEmptyOneHasNoDays(_ kind: RepositoryKind) async throws {
        let fixture = try await seeded(kind)
        _ = try await fixture.milestones.edit(
            try MilestoneTitle("v1"), try MilestoneChange(title: try MilestoneTitle("Version 1")))
        let renamed = try await fixture.progress.burndown(
            of: try MilestoneTitle("version 1"), through: today, days: Burndown.maximumDays)
        #expect(renamed.counts.last?.open == 4, "its issues now entered it under the old title")
        #expect(renamed.counts.first?.day == today.adding(-10))
        _ = try await fixture.milestones.create(title: try MilestoneTitle("Empty"), description: "", dueOn: nil)
        let empty = try await fixture.progress.burndown(
            of: try MilestoneTitle("Empty"), through: today, days: Burndown.maximumDays)
        #expect(empty.counts.isEmpty && empty.milestone.title.value == "Empty")
        await #expect(throws: TrackerError.unknownMilestone(title: "v9", suggestions: [])) {
            try await fixture.progress.burndown(of: try MilestoneTitle("v9"), through: today, days: 10)
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func weeksCountCreatedAndClosedIssuesOutOfTheTrash(_ kind: RepositoryKind) async throws {
        let fixture = try await seeded(kind)
        let first = today.monday.adding(-14)
        let weeks = try await fixture.progress.activity(from: first, weeks: 3)
        #expect(weeks.map(\.start) == [first, first.adding(7), first.adding(14)])
        var expected: [Int64: (opened: Int64, closed: Int64)] = [:]
        for (created, closed) in [(10, nil), (8, 5), (6, 4), (7, nil), (9, nil), (2, nil), (5, nil)]
            as [(Int64, Int64?)]
        {
            let week = today.adding(-created).days(since: first) / 7
            if (0..<3).contains(week) { expected[week, default: (0, 0)].opened += 1 }
            if let closed, case let week = today.adding(-closed).days(since: first) / 7, (0..<3).contains(week) {
                expected[week, default: (0, 0)].closed += 1
            }
        }
        #expect(weeks.map(\.opened) == (0..<3).map { expected[$0]?.opened ?? 0 }, "#6 is in the trash")
        #expect(weeks.map(\.closed) == (0..<3).map { expected[$0]?.closed ?? 0 })
        #expect(weeks.map(\.opened).reduce(0, +) == 7 && weeks.map(\.closed).reduce(0, +) == 2)
    }
}
