import Testing
import TrackerCore

/// `IssueRepository.close` and `reopen`: state, reason, closedAt and the timeline agree.
@Suite struct CloseReopenContractTests {
    @Test(arguments: RepositoryKind.allCases)
    func closeAndReopenRecordEventsAndRepeatingIsANoOp(_ kind: RepositoryKind) async throws {
        let fixture = try await ContractFixture.make(kind)
        let one = try fixture.number(1)
        let created = try await fixture.issue(1)
        let closed = try await fixture.issues.close(one, reason: .notPlanned, actor: fixture.alice)
        guard case .changed(let issue) = closed else {
            Issue.record("expected a change, got \(closed)")
            return
        }
        #expect(issue.state == .closed && issue.stateReason == .notPlanned)
        let closedAt = try #require(issue.closedAt)
        #expect(closedAt >= created.createdAt && issue.updatedAt >= closedAt && issue.updatedAt > created.updatedAt)
        #expect(try await fixture.issue(1) == issue)
        #expect(try await fixture.issues.close(one, reason: .completed, actor: fixture.alice) == .unchanged(issue))
        let reopened = try await fixture.issues.reopen(one, actor: fixture.alice)
        guard case .changed(let open) = reopened else {
            Issue.record("expected a change, got \(reopened)")
            return
        }
        #expect(open.state == .open && open.closedAt == nil && open.stateReason == .reopened)
        #expect(open.updatedAt > issue.updatedAt)
        #expect(try await fixture.issues.reopen(one, actor: fixture.alice) == .unchanged(open))
        #expect(
            try await fixture.timeline(of: 1) == [
                "created by alice", "closed not_planned by alice", "reopened by alice",
            ])
        let times = try await fixture.issues.details(of: one).events.map(\.createdAt)
        #expect(times == times.sorted(), "the timeline never goes back in time")
        #expect(times.first.map { $0 >= created.createdAt } == true)
    }

    @Test(arguments: RepositoryKind.allCases)
    func closeRecordsTheReasonGivenAndTheActor(_ kind: RepositoryKind) async throws {
        let fixture = try await ContractFixture.make(kind)
        let closed = try await fixture.issues.close(
            try fixture.number(2), reason: .completed, actor: try fixture.login("BOB"))
        #expect(closed.issue.stateReason == .completed)
        #expect(try await fixture.timeline(of: 2) == ["created by alice", "closed completed by Bob"])
        #expect(try await fixture.listed(IssueFilter(state: .closed)) == [2])
        #expect(try await fixture.listed(IssueFilter(state: .open)) == [3, 1])
    }

    @Test(arguments: RepositoryKind.allCases)
    func aMissingIssueIsNotFound(_ kind: RepositoryKind) async throws {
        let fixture = try await ContractFixture.make(kind)
        let missing = try fixture.number(99)
        await #expect(throws: ContractFixture.noIssue(99)) {
            try await fixture.issues.close(missing, reason: .completed, actor: fixture.alice)
        }
        await #expect(throws: ContractFixture.noIssue(99)) {
            try await fixture.issues.reopen(missing, actor: fixture.alice)
        }
        await #expect(throws: ContractFixture.noIssue(99, changing: false)) {
            try await fixture.issues.details(of: missing)
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func severalIssuesCloseAndReopenTogetherOrNotAtAll(_ kind: RepositoryKind) async throws {
        let fixture = try await ContractFixture.make(kind)
        await #expect(throws: ContractFixture.noIssue(99)) {
            try await fixture.issues.close(try fixture.numbers(1, 99, 2), reason: .completed, actor: fixture.alice)
        }
        #expect(try await fixture.listed(IssueFilter(state: .closed)).isEmpty, "a missing issue closes none")
        _ = try await fixture.issues.close(try fixture.number(2), reason: .completed, actor: fixture.alice)

        let closed = try await fixture.issues.close(
            try fixture.numbers(3, 2, 1, 3), reason: .notPlanned, actor: fixture.alice)
        #expect(closed.map(\.issue.number.value) == [3, 2, 1], "in the order asked, once each")
        #expect(closed.map { if case .changed = $0 { true } else { false } } == [true, false, true])
        #expect(closed[0].issue.stateReason == .notPlanned && closed[1].issue.stateReason == .completed)
        #expect(try await fixture.issue(1) == closed[2].issue)
        #expect(try await fixture.timeline(of: 3) == ["created by alice", "closed not_planned by alice"])
        #expect(try await fixture.timeline(of: 2) == ["created by alice", "closed completed by alice"])

        await #expect(throws: ContractFixture.noIssue(99)) {
            try await fixture.issues.reopen(try fixture.numbers(1, 99), actor: fixture.alice)
        }
        #expect(try await fixture.listed(IssueFilter(state: .closed)) == [3, 2, 1])
        let reopened = try await fixture.issues.reopen(try fixture.numbers(1, 2), actor: try fixture.login("bob"))
        #expect(reopened.allSatisfy { $0.issue.state == .open && $0.issue.closedAt == nil })
        #expect(
            try await fixture.timeline(of: 1) == ["created by alice", "closed not_planned by alice", "reopened by Bob"])
        #expect(try await fixture.listed(IssueFilter(state: .closed)) == [3])
    }
}
