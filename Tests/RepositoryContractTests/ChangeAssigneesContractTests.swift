import Testing
import TrackerCore

/// `IssueRepository.unassign` and `changeAssignees`.
@Suite struct ChangeAssigneesContractTests {
    @Test(arguments: RepositoryKind.allCases)
    func unassignRemovesSomeOrAllAndNotAssignedIsFine(_ kind: RepositoryKind) async throws {
        let fixture = try await ContractFixture.make(kind)
        _ = try await fixture.issues.assign(
            try fixture.logins("bob", "carol"), to: try fixture.numbers(1), actor: fixture.alice)
        let some = try await fixture.issues.unassign(
            try fixture.logins("BOB", "dev1"), from: try fixture.numbers(1), actor: fixture.alice)
        #expect(some.map { $0.assignees.map(\.value) } == [["carol"]])
        let all = try await fixture.issues.unassign(nil, from: try fixture.numbers(1), actor: fixture.alice)
        #expect(all[0].assignees.isEmpty)
        #expect(try await fixture.issue(1) == all[0])
        #expect(
            try await fixture.timeline(of: 1).suffix(2) == ["unassigned Bob by alice", "unassigned carol by alice"])
        #expect(try await fixture.listed(IssueFilter(assignee: .nobody)) == [3, 2, 1])
        let before = try await fixture.issue(2)
        let nothing = try await fixture.issues.unassign(nil, from: try fixture.numbers(2), actor: fixture.alice)
        #expect(nothing == [before], "not assigned is fine, and changes nothing")
        #expect(try await fixture.timeline(of: 2) == ["created by alice"])
    }

    @Test(arguments: RepositoryKind.allCases)
    func unassignWithAMissingIssueChangesNothing(_ kind: RepositoryKind) async throws {
        let fixture = try await ContractFixture.make(kind)
        _ = try await fixture.issues.assign(
            try fixture.logins("bob"), to: try fixture.numbers(1, 2), actor: fixture.alice)
        await #expect(throws: ContractFixture.noIssue(14)) {
            try await fixture.issues.unassign(nil, from: try fixture.numbers(1, 2, 14), actor: fixture.alice)
        }
        #expect(try await fixture.assignees(of: 1) == ["Bob"])
        #expect(try await fixture.assignees(of: 2) == ["Bob"])
    }

    @Test(arguments: RepositoryKind.allCases)
    func changeAssigneesRemovesThenAddsInOneChange(_ kind: RepositoryKind) async throws {
        let fixture = try await ContractFixture.make(kind)
        let nine = try (1...9).map { try fixture.login("dev\($0)") }
        _ = try await fixture.issues.assign(
            nine + [try fixture.login("carol")], to: [try fixture.number(1)], actor: fixture.alice)
        let swapped = try await fixture.issues.changeAssignees(
            of: try fixture.number(1), adding: try fixture.logins("bob"), removing: try fixture.logins("Carol"),
            actor: fixture.alice)
        #expect(swapped.assignees.map(\.value) == ["Bob"] + nine.map(\.value).sorted())
        #expect(try await fixture.issue(1) == swapped)
        #expect(
            try await fixture.timeline(of: 1).suffix(2) == ["unassigned carol by alice", "assigned Bob by alice"])
        await #expect(throws: TrackerError.tooManyAssignees(issue: try fixture.number(1), count: 11)) {
            try await fixture.issues.changeAssignees(
                of: try fixture.number(1), adding: try fixture.logins("dev10", "dev11"),
                removing: try fixture.logins("dev1"), actor: fixture.alice)
        }
        #expect(try await fixture.issue(1) == swapped, "a refused change leaves nothing of itself")
        #expect(try await fixture.timeline(of: 1).count == 13)
        await #expect(throws: ContractFixture.noIssue(14)) {
            try await fixture.issues.changeAssignees(
                of: try fixture.number(14), adding: try fixture.logins("bob"), removing: [], actor: fixture.alice)
        }
        let same = try await fixture.issues.changeAssignees(
            of: try fixture.number(1), adding: try fixture.logins("BOB"), removing: try fixture.logins("carol"),
            actor: fixture.alice)
        #expect(same == swapped, "adding who is there and removing who is not changes nothing")
    }
}
