import Testing
import TrackerCore

/// Sub-issues (issue 30 item 1): a parent set on create and edit, its whole tree's progress kept
/// as issues close, reopen, move and go to the trash; GitHub's limits; cycles refused naming them.
@Suite struct SubIssueContractTests {
    func parent(
        _ fixture: ContractFixture, _ children: [Int64], under parent: Int64?
    ) async throws -> [TrackerCore.Issue] {
        try await fixture.issues.edit(
            try children.map { try fixture.number($0) },
            try IssueEdit(parent: try parent.map { .set(try fixture.number($0)) } ?? .clear), read: nil,
            actor: fixture.alice)
    }

    @Test(arguments: RepositoryKind.allCases)
    func theParentCountsItsWholeTreeAsIssuesCloseMoveAndGoToTheTrash(_ kind: RepositoryKind) async throws {
        let fixture = try await ContractFixture.make(kind, titles: ["Epic", "Story", "Task", "Other"])
        var draft = try IssueDraft(title: "Subtask")
        draft.parent = try fixture.number(3)
        let created = try await fixture.issues.create(draft, author: fixture.alice)
        #expect(created.parent == (try fixture.number(3)))
        _ = try await parent(fixture, [2], under: 1)
        _ = try await parent(fixture, [3], under: 2)
        #expect(try await fixture.issue(1).subIssues == SubIssueProgress(done: 0, total: 3))
        _ = try await fixture.issues.close(try fixture.number(5), reason: .completed, actor: fixture.alice)
        _ = try await fixture.issues.close(try fixture.number(3), reason: .completed, actor: fixture.alice)
        #expect(try await fixture.issue(1).subIssues == SubIssueProgress(done: 2, total: 3))
        #expect(try await fixture.issue(2).subIssues == SubIssueProgress(done: 2, total: 2))
        _ = try await fixture.history.delete([try fixture.number(3)], actor: fixture.alice)
        #expect(try await fixture.issue(1).subIssues == SubIssueProgress(done: 0, total: 1), "the trash takes its tree")
        _ = try await fixture.history.restore([try fixture.number(3)], actor: fixture.alice)
        _ = try await parent(fixture, [3], under: 4)
        #expect(try await fixture.issue(1).subIssues == SubIssueProgress(done: 0, total: 1))
        #expect(try await fixture.issue(4).subIssues == SubIssueProgress(done: 2, total: 2))
        let details = try await fixture.issues.details(of: try fixture.number(4))
        #expect(details.structure.children.map(\.number.value) == [3])
        #expect(try await fixture.issues.details(of: try fixture.number(3)).structure.parent?.number.value == 4)
        var children = IssueFilter(state: .all)
        children.parent = try fixture.number(4)
        #expect(try await fixture.listed(children) == [3])
        #expect(
            try await fixture.timeline(of: 3).filter { $0.hasPrefix("parent") } == [
                "parent none → #2 by alice", "parent #2 → #4 by alice",
            ])
        _ = try await parent(fixture, [3], under: nil)
        #expect(try await fixture.issue(4).subIssues == SubIssueProgress())
        #expect(try await fixture.issue(3).parent == nil)
    }

    /// Links name the file's numbers; an import into a tracker with issues renumbers, and the links follow.
    @Test(arguments: RepositoryKind.allCases)
    func anImportLinksItsIssuesByTheirNewNumbersAndRefusesALinkOutsideIt(_ kind: RepositoryKind) async throws {
        let fixture = try await ContractFixture.make(kind)
        let day = Timestamp(microseconds: 1_767_225_600_000_000) ?? .now()
        func record(_ number: Int64, _ state: IssueState = .open, _ reason: StateReason? = nil) throws -> ImportedIssue
        {
            try ImportedIssue(
                number: number, title: "Imported \(number)", body: "", state: state, stateReason: reason,
                author: fixture.alice, assignees: [], createdAt: day, updatedAt: day,
                closedAt: state == .closed ? day : nil)
        }
        var epic = try record(1)
        epic.subIssues = [2]
        epic.blockedBy = [3]
        var duplicate = try record(3, .closed, .duplicate)
        duplicate.duplicateOf = 2
        let result = try await fixture.issues.importIssues([epic, try record(2), duplicate], actor: fixture.alice)
        #expect(result.renumbered.map(\.new) == [4, 5, 6])
        #expect(try await fixture.issue(5).parent?.value == 4)
        #expect(try await fixture.issue(4).subIssues == SubIssueProgress(done: 0, total: 1))
        #expect(try await fixture.issue(4).openBlockers == 0, "its blocker was imported closed")
        #expect(
            try await fixture.issues.details(of: try fixture.number(4)).structure.blockedBy.map(\.number.value) == [6])
        #expect(try await fixture.issue(6).duplicateOf?.value == 5)
        #expect(try await fixture.timeline(of: 6).last == "closed as a duplicate of #5 by alice")
        var stray = try record(9)
        stray.parent = 8
        await #expect(
            throws: TrackerError.invalidInput(
                field: "import",
                rule: "issue #9's parent #8 is not among the issues this import adds; nothing was imported")
        ) { _ = try await fixture.issues.importIssues([stray], actor: fixture.alice) }
        #expect(try await fixture.listed(IssueFilter(state: .all, limit: nil)).count == 6)
    }

    @Test(arguments: RepositoryKind.allCases)
    func aCycleIsRefusedNamingItAndNothingChanges(_ kind: RepositoryKind) async throws {
        let fixture = try await ContractFixture.make(kind, titles: ["A", "B", "C"])
        _ = try await parent(fixture, [2], under: 1)
        _ = try await parent(fixture, [3], under: 2)
        await #expect(
            throws: TrackerError.notFound(
                "a cycle: #3 is under #1 (#3 → #2 → #1), so #1 cannot be a sub-issue of #3; nothing was changed")
        ) { _ = try await parent(fixture, [1], under: 3) }
        await #expect(throws: TrackerError.notFound("issue #2 cannot be its own parent; nothing was changed")) {
            _ = try await parent(fixture, [2], under: 2)
        }
        #expect(try await fixture.issue(1).parent == nil)
        #expect(try await fixture.issue(1).subIssues == SubIssueProgress(done: 0, total: 2))
    }

    @Test(arguments: RepositoryKind.allCases)
    func eightLevelsAndAHundredSubIssuesAreTheMost(_ kind: RepositoryKind) async throws {
        let fixture = try await ContractFixture.make(kind, titles: (1...111).map { "Issue \($0)" })
        for number in Int64(2)...9 { _ = try await parent(fixture, [number], under: number - 1) }
        #expect(try await fixture.issue(1).subIssues.total == 8)
        await #expect(
            throws: TrackerError.notFound(
                "sub-issues nest at most 8 levels: #10 would put one 9 levels under #1; nothing was changed")
        ) { _ = try await parent(fixture, [10], under: 9) }
        _ = try await parent(fixture, Array(11...110), under: 10)
        #expect(try await fixture.issue(10).subIssues.total == 100)
        await #expect(
            throws: TrackerError.notFound(
                "issue #10 already has 100 sub-issues, the most an issue can have; nothing was changed")
        ) { _ = try await parent(fixture, [111], under: 10) }
        _ = try await parent(fixture, [10], under: 7)
        #expect(try await fixture.issue(1).subIssues.total == 109, "a tree moves whole, within the levels")
    }
}
