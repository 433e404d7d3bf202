import Testing
import TrackerCore

/// `IssueRepository.assign`: idempotent, recorded, all-or-nothing, and never past 10 assignees.
@Suite struct AssignContractTests {
    @Test(arguments: RepositoryKind.allCases)
    func assignIsIdempotentRecordsEventsAndMovesUpdatedAt(_ kind: RepositoryKind) async throws {
        let fixture = try await ContractFixture.make(kind)
        let before = try await fixture.issue(1).updatedAt
        let first = try await fixture.issues.assign(
            try fixture.logins("bob"), to: try fixture.numbers(1), actor: try fixture.login("ALICE"))
        #expect(first.map { $0.assignees.map(\.value) } == [["Bob"]])
        #expect(first[0].updatedAt > before)
        #expect(try await fixture.issue(1) == first[0])
        let again = try await fixture.issues.assign(
            try fixture.logins("BOB", "carol"), to: try fixture.numbers(1), actor: fixture.alice)
        #expect(again[0].assignees.map(\.value) == ["Bob", "carol"])
        #expect(
            try await fixture.timeline(of: 1) == [
                "created by alice", "assigned Bob by alice", "assigned carol by alice",
            ])
        let unchanged = try await fixture.issues.assign(
            try fixture.logins("carol"), to: try fixture.numbers(1), actor: fixture.alice)
        #expect(unchanged == again, "already assigned is fine, and changes nothing")
        #expect(try await fixture.timeline(of: 1).count == 3)
    }

    @Test(arguments: RepositoryKind.allCases)
    func bulkAssignWithAMissingIssueChangesNothing(_ kind: RepositoryKind) async throws {
        let fixture = try await ContractFixture.make(kind)
        await #expect(throws: ContractFixture.noIssue(14)) {
            try await fixture.issues.assign(
                try fixture.logins("bob"), to: try fixture.numbers(1, 2, 14), actor: fixture.alice)
        }
        await #expect(throws: ContractFixture.noIssue(14), "the lowest missing number is named") {
            try await fixture.issues.assign(
                try fixture.logins("bob"), to: try fixture.numbers(15, 1, 14), actor: fixture.alice)
        }
        for number: Int64 in [1, 2] {
            #expect(try await fixture.assignees(of: number).isEmpty)
            #expect(try await fixture.timeline(of: number) == ["created by alice"])
        }
        let done = try await fixture.issues.assign(
            try fixture.logins("bob"), to: try fixture.numbers(2, 1), actor: fixture.alice)
        #expect(done.map(\.number.value) == [2, 1], "in the order asked")
        #expect(done.map { $0.assignees.map(\.value) } == [["Bob"], ["Bob"]])
    }

    @Test(arguments: RepositoryKind.allCases)
    func theEleventhAssigneeIsRefusedNamingTheIssue(_ kind: RepositoryKind) async throws {
        let fixture = try await ContractFixture.make(kind)
        let ten = try (1...10).map { try fixture.login("dev\($0)") }
        _ = try await fixture.issues.assign(ten, to: try fixture.numbers(2), actor: fixture.alice)
        await #expect(throws: TrackerError.tooManyAssignees(issue: try fixture.number(2), count: 11)) {
            try await fixture.issues.assign(
                try fixture.logins("dev11"), to: try fixture.numbers(1, 2), actor: fixture.alice)
        }
        await #expect(throws: TrackerError.tooManyAssignees(issue: try fixture.number(2), count: 12)) {
            try await fixture.issues.assign(
                try fixture.logins("dev1", "dev11", "dev12"), to: try fixture.numbers(2), actor: fixture.alice)
        }
        await #expect(throws: ContractFixture.noIssue(99), "a missing issue is named before a full one") {
            try await fixture.issues.assign(
                try fixture.logins("dev11"), to: try fixture.numbers(2, 99), actor: fixture.alice)
        }
        #expect(try await fixture.assignees(of: 1).isEmpty)
        #expect(try await fixture.timeline(of: 1) == ["created by alice"])
        #expect(try await fixture.assignees(of: 2) == ten.map(\.value).sorted())
        #expect(try await fixture.timeline(of: 2).count == 11)
        let same = try await fixture.issues.assign(
            try fixture.logins("dev3"), to: try fixture.numbers(2), actor: fixture.alice)
        #expect(same[0].assignees.count == 10, "re-assigning someone on a full issue is fine")
    }
}
