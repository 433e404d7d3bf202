import Testing
import TrackerCore

/// `MilestoneRepository`, its counts kept in step with the issues, and milestones on issues.
@Suite struct MilestoneContractTests {
    func title(_ text: String) throws -> MilestoneTitle { try MilestoneTitle(text) }

    @Test(arguments: RepositoryKind.allCases)
    func milestonesAreListedOpenFirstBySoonestDue(_ kind: RepositoryKind) async throws {
        let fixture = try await ContractFixture.make(kind)
        let later = try DueDate.parse("2031-06-30")
        let sooner = try DueDate.parse("2030-01-15")
        _ = try await fixture.milestones.create(title: try title("Someday"), description: "", dueOn: nil)
        let v2 = try await fixture.milestones.create(title: try title("v2.0"), description: "Big one", dueOn: later)
        _ = try await fixture.milestones.create(title: try title("v1.0"), description: "", dueOn: sooner)
        _ = try await fixture.milestones.create(title: try title("Old"), description: "", dueOn: sooner)
        #expect(v2.dueOn == later && v2.state == .open && v2.openIssues == 0 && v2.percentDone == 0)
        let closed = try await fixture.milestones.setState(of: try title("OLD"), to: .closed)
        #expect(closed.state == .closed)
        #expect(try await fixture.milestones.setState(of: try title("old"), to: .closed).state == .closed, "no change")
        #expect(try await fixture.milestones.list(state: nil).map(\.title.value) == ["v1.0", "v2.0", "Someday", "Old"])
        #expect(try await fixture.milestones.list(state: .closed).map(\.title.value) == ["Old"])
        await #expect(
            throws: TrackerError.invalidInput(
                field: "milestone title", rule: "'V1.0' is already taken (titles ignore case); pick another")
        ) {
            try await fixture.milestones.create(title: try title("V1.0"), description: "", dueOn: nil)
        }
        #expect(try await fixture.milestones.suggestions(for: "v1", limit: 3).map(\.value) == ["v1.0"])
        let edited = try await fixture.milestones.edit(
            try title("v2.0"), try MilestoneChange(title: try title("v2"), due: .cleared))
        #expect(edited.title.value == "v2" && edited.dueOn == nil && edited.description == "Big one")
        await #expect(throws: TrackerError.unknownMilestone(title: "v3", suggestions: [])) {
            try await fixture.milestones.setState(of: try title("v3"), to: .open)
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func countsFollowTheIssuesAndAnIssueHasOneMilestone(_ kind: RepositoryKind) async throws {
        let fixture = try await ContractFixture.make(kind)
        let due = try DueDate.parse("2030-01-15")
        _ = try await fixture.milestones.create(title: try title("v1.0"), description: "", dueOn: due)
        _ = try await fixture.milestones.create(title: try title("v2.0"), description: "", dueOn: nil)
        let created = try await fixture.issues.create(
            try IssueDraft(title: "Ship it", milestone: try title("V1.0")), author: fixture.alice)
        #expect(created.milestone?.title.value == "v1.0" && created.milestone?.dueOn == due)
        #expect(try await fixture.timeline(of: 4) == ["created by alice", "milestoned v1.0 by alice"])
        _ = try await fixture.issues.edit(
            try fixture.numbers(1, 2), try IssueEdit(milestone: .set(try title("v1.0"))), read: nil,
            actor: fixture.alice)
        _ = try await fixture.issues.close(try fixture.number(2), reason: .completed, actor: fixture.alice)
        var v1 = try await fixture.milestones.milestone(titled: try title("v1.0"))
        #expect((v1.openIssues, v1.closedIssues, v1.percentDone) == (2, 1, 33))

        _ = try await fixture.issues.edit(
            try fixture.numbers(1), try IssueEdit(milestone: .set(try title("v2.0"))), read: nil, actor: fixture.alice)
        #expect(
            try await fixture.timeline(of: 1).suffix(2) == ["demilestoned v1.0 by alice", "milestoned v2.0 by alice"])
        v1 = try await fixture.milestones.milestone(titled: try title("v1.0"))
        #expect((v1.openIssues, v1.closedIssues) == (1, 1))
        let v2 = try await fixture.milestones.milestone(titled: try title("v2.0"))
        #expect((v2.openIssues, v2.closedIssues) == (1, 0))

        let v1Filter = MilestoneFilter.titled(try title("v1.0"))
        #expect(try await fixture.listed(IssueFilter(state: .all, milestone: v1Filter)) == [4, 2])
        #expect(try await fixture.listed(IssueFilter(state: .all, milestone: .noMilestone)) == [3])
        await #expect(throws: TrackerError.unknownMilestone(title: "v9", suggestions: [])) {
            try await fixture.issues.list(IssueFilter(milestone: .titled(try title("v9"))))
        }
        let before = try await fixture.issue(3)
        await #expect(throws: TrackerError.unknownMilestone(title: "v9", suggestions: [])) {
            try await fixture.issues.edit(
                try fixture.numbers(3), try IssueEdit(milestone: .set(try title("v9"))), read: nil, actor: fixture.alice
            )
        }
        #expect(try await fixture.issue(3) == before)
        _ = try await fixture.issues.edit(
            try fixture.numbers(4), try IssueEdit(milestone: .remove), read: nil, actor: fixture.alice)
        #expect(try await fixture.issue(4).milestone == nil)
        v1 = try await fixture.milestones.milestone(titled: try title("v1.0"))
        #expect((v1.openIssues, v1.closedIssues, v1.percentDone) == (0, 1, 100))
    }

    @Test(arguments: RepositoryKind.allCases)
    func deletingAMilestoneTakesItOffItsIssuesWithEvents(_ kind: RepositoryKind) async throws {
        let fixture = try await ContractFixture.make(kind)
        _ = try await fixture.milestones.create(title: try title("v1.0"), description: "", dueOn: nil)
        _ = try await fixture.issues.edit(
            try fixture.numbers(1, 3), try IssueEdit(milestone: .set(try title("v1.0"))), read: nil,
            actor: fixture.alice)
        let closed = try await fixture.milestones.setState(of: try title("v1.0"), to: .closed)
        #expect(try await fixture.issue(1).milestone?.state == .closed, "issues show the milestone as it is")
        let deleted = try await fixture.milestones.delete(try title("V1.0"), actor: try fixture.login("carol"))
        #expect(deleted == closed)
        #expect(try await fixture.issue(3).milestone == nil)
        #expect(try await fixture.timeline(of: 3).last == "demilestoned v1.0 by carol")
        #expect(try await fixture.timeline(of: 2) == ["created by alice"])
        #expect(try await fixture.milestones.list(state: nil).isEmpty)
    }
}
