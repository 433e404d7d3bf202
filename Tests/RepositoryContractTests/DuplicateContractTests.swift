import Testing
import TrackerCore

/// `IssueRepository.closeAsDuplicate` (issue 30 item 3): the reason, the original named on the
/// issue, the one close shown on both timelines, refusals that change nothing, reopen and undo.
@Suite struct DuplicateContractTests {
    @Test(arguments: RepositoryKind.allCases)
    func aDuplicateNamesItsOriginalAndBothTimelinesShowTheClose(_ kind: RepositoryKind) async throws {
        let fixture = try await ContractFixture.make(kind)
        let closed = try await fixture.issues.closeAsDuplicate(
            try fixture.number(3), of: try fixture.number(1), actor: try fixture.login("bob"))
        guard case .changed(let issue) = closed else {
            Issue.record("expected a change, got \(closed)")
            return
        }
        #expect(issue.state == .closed && issue.stateReason == .duplicate && issue.duplicateOf?.value == 1)
        #expect(issue.closedAt != nil)
        #expect(try await fixture.issue(3) == issue)
        #expect(try await fixture.timeline(of: 3) == ["created by alice", "closed as a duplicate of #1 by Bob"])
        #expect(try await fixture.timeline(of: 1) == ["created by alice", "#3 closed as a duplicate by Bob"])
        #expect(try await fixture.timeline(of: 2) == ["created by alice"])
        let again = try await fixture.issues.closeAsDuplicate(
            try fixture.number(3), of: try fixture.number(2), actor: fixture.alice)
        #expect(again == .unchanged(issue), "a closed issue is not closed again")
        #expect(try await fixture.listed(IssueFilter(state: .closed)) == [3])
    }

    @Test(arguments: RepositoryKind.allCases)
    func aMissingOrTrashedOriginalOrTheIssueItselfIsRefusedChangingNothing(_ kind: RepositoryKind) async throws {
        let fixture = try await ContractFixture.make(kind)
        let (one, two) = (try fixture.number(1), try fixture.number(2))
        await #expect(throws: ContractFixture.noIssue(99)) {
            try await fixture.issues.closeAsDuplicate(one, of: try fixture.number(99), actor: fixture.alice)
        }
        await #expect(throws: ContractFixture.noIssue(99)) {
            try await fixture.issues.closeAsDuplicate(try fixture.number(99), of: one, actor: fixture.alice)
        }
        await #expect(
            throws: TrackerError.invalidInput(
                field: "--duplicate-of", rule: "an issue cannot be a duplicate of itself; name another issue")
        ) {
            try await fixture.issues.closeAsDuplicate(one, of: one, actor: fixture.alice)
        }
        _ = try await fixture.history.delete([two], actor: fixture.alice)
        await #expect(throws: TrackerError.self) {
            try await fixture.issues.closeAsDuplicate(one, of: two, actor: fixture.alice)
        }
        #expect(try await fixture.issue(1).state == .open)
        #expect(try await fixture.timeline(of: 1) == ["created by alice"])
    }

    @Test(arguments: RepositoryKind.allCases)
    func reopeningForgetsTheOriginalAndUndoClosesItAsADuplicateAgain(_ kind: RepositoryKind) async throws {
        let fixture = try await ContractFixture.make(kind)
        let (two, three) = (try fixture.number(2), try fixture.number(3))
        _ = try await fixture.issues.closeAsDuplicate(two, of: three, actor: fixture.alice)
        let reopened = try await fixture.issues.reopen(two, actor: fixture.alice).issue
        #expect(reopened.state == .open && reopened.stateReason == .reopened && reopened.duplicateOf == nil)
        _ = try await fixture.history.undo(actor: fixture.alice)
        let closedAgain = try await fixture.issue(2)
        #expect(closedAgain.stateReason == .duplicate && closedAgain.duplicateOf == three, "closed again as it was")
        #expect(
            try await fixture.timeline(of: 3) == [
                "created by alice", "#2 closed as a duplicate by alice", "#2 closed as a duplicate by alice (undo)",
            ])
        _ = try await fixture.history.undo(actor: fixture.alice)
        #expect(try await fixture.issue(2).state == .open, "undoing the undo reopens it")
        _ = try await fixture.history.undo(actor: fixture.alice)
        #expect(try await fixture.issue(2).duplicateOf == three)
    }

    @Test(arguments: RepositoryKind.allCases)
    func undoingTheCloseReopensAndAChangeToTheOriginalDoesNotBlockIt(_ kind: RepositoryKind) async throws {
        let fixture = try await ContractFixture.make(kind)
        let (one, two) = (try fixture.number(1), try fixture.number(2))
        _ = try await fixture.issues.closeAsDuplicate(two, of: one, actor: fixture.alice)
        _ = try await fixture.issues.edit(
            [one], try IssueEdit(title: "Uno"), read: nil, actor: try fixture.login("bob"))
        let undone = try await fixture.history.undo(actor: fixture.alice)
        #expect(undone.issues == [two])
        let back = try await fixture.issue(2)
        #expect(back.state == .open && back.duplicateOf == nil)
    }
}
