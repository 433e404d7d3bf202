import Testing
import TrackerCore

/// `IssueRepository.edit`: text with its events, optimistic concurrency, assignees on several.
@Suite struct EditContractTests {
    @Test(arguments: RepositoryKind.allCases)
    func titleAndBodyAreSavedWithRenamedAndEditedEvents(_ kind: RepositoryKind) async throws {
        let fixture = try await ContractFixture.make(kind)
        let before = try await fixture.issue(1)
        let edited = try await fixture.issues.edit(
            try fixture.numbers(1), try IssueEdit(title: "One, renamed", body: "Now with a body"), read: nil,
            actor: try fixture.login("bob"))
        #expect(edited[0].title == "One, renamed")
        #expect(edited[0].body == "Now with a body")
        #expect(edited[0].version == before.version + 1)
        #expect(edited[0].updatedAt > before.updatedAt)
        #expect(try await fixture.issue(1) == edited[0])
        #expect(
            try await fixture.timeline(of: 1) == [
                "created by alice", "renamed One → One, renamed by Bob", "edited by Bob",
            ])
        let same = try await fixture.issues.edit(
            try fixture.numbers(1), try IssueEdit(title: "One, renamed"), read: nil, actor: fixture.alice)
        #expect(same == edited, "text equal to the current text changes nothing")
        #expect(try await fixture.timeline(of: 1).count == 3)
    }

    @Test(arguments: RepositoryKind.allCases)
    func anEditFromAnOldVersionIsRefusedAndChangesNothing(_ kind: RepositoryKind) async throws {
        let fixture = try await ContractFixture.make(kind)
        let read = ReadVersion(try await fixture.issue(1))
        let theirs = try await fixture.issues.edit(
            try fixture.numbers(1), try IssueEdit(title: "Theirs"), read: read, actor: try fixture.login("bob"))
        let conflict = TrackerError.editConflict(EditConflict(read: read, current: theirs[0]))
        await #expect(throws: conflict) {
            try await fixture.issues.edit(
                try fixture.numbers(1), try IssueEdit(body: "Mine", addAssignees: try fixture.logins("carol")),
                read: read, actor: fixture.alice)
        }
        #expect(try await fixture.issue(1) == theirs[0], "neither the body nor the assignee was saved")
        if case .editConflict(let found) = conflict { #expect(found.changes == "the title (\"One\" → \"Theirs\")") }
        let retried = try await fixture.issues.edit(
            try fixture.numbers(1), try IssueEdit(body: "Mine"), read: ReadVersion(theirs[0]), actor: fixture.alice)
        #expect(retried[0].body == "Mine")
        #expect(retried[0].title == "Theirs")
    }

    @Test(arguments: RepositoryKind.allCases)
    func assigneesChangeOnSeveralIssuesAllOrNothing(_ kind: RepositoryKind) async throws {
        let fixture = try await ContractFixture.make(kind)
        let edited = try await fixture.issues.edit(
            try fixture.numbers(1, 2), try IssueEdit(addAssignees: try fixture.logins("bob", "carol")), read: nil,
            actor: fixture.alice)
        #expect(edited.map { $0.assignees.map(\.value) } == [["Bob", "carol"], ["Bob", "carol"]])
        let swapped = try await fixture.issues.edit(
            try fixture.numbers(1, 2),
            try IssueEdit(addAssignees: try fixture.logins("dev1"), removeAssignees: try fixture.logins("BOB")),
            read: nil, actor: fixture.alice)
        #expect(swapped.map { $0.assignees.map(\.value) } == [["carol", "dev1"], ["carol", "dev1"]])
        #expect(
            try await fixture.timeline(of: 2).suffix(2) == ["unassigned Bob by alice", "assigned dev1 by alice"])
        await #expect(throws: ContractFixture.noIssue(14)) {
            try await fixture.issues.edit(
                try fixture.numbers(1, 14), try IssueEdit(addAssignees: try fixture.logins("dev2")), read: nil,
                actor: fixture.alice)
        }
        #expect(try await fixture.assignees(of: 1) == ["carol", "dev1"])
        await #expect(throws: (any Error).self) {
            try await fixture.issues.edit(
                try fixture.numbers(1, 2), try IssueEdit(title: "Both"), read: nil, actor: fixture.alice)
        }
        #expect(try await fixture.issue(2).title == "Two")
    }
}
