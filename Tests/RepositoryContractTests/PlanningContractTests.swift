import Testing
import TrackerCore

/// Priority and due dates (issue 30 item 4): set on create and edit, cleared with none, each
/// change on the timeline and taken back by undo; lists sorted most urgent first, filtered by
/// priority and by overdue.
@Suite struct PlanningContractTests {
    func day(_ text: String) throws -> Timestamp { try DueDate.parse(text) }

    @Test(arguments: RepositoryKind.allCases)
    func createAndEditSetAndClearThemWithAnEventEach(_ kind: RepositoryKind) async throws {
        let fixture = try await ContractFixture.make(kind)
        var draft = try IssueDraft(title: "Planned")
        draft.priority = .p1
        draft.dueOn = try day("2026-03-01")
        let created = try await fixture.issues.create(draft, author: fixture.alice)
        let march = try day("2026-03-01")
        #expect(created.priority == .p1 && created.dueOn == march)
        #expect(
            try await fixture.timeline(of: 4) == [
                "created by alice", "priority none → P1 by alice", "due none → 2026-03-01 by alice",
            ])
        let edited = try await fixture.issues.edit(
            try fixture.numbers(4, 1), try IssueEdit(priority: .set(.p0), due: .clear), read: nil,
            actor: try fixture.login("bob"))
        #expect(edited.map(\.priority) == [.p0, .p0] && edited.map(\.dueOn) == [nil, nil])
        #expect(try await fixture.issue(4) == edited[0])
        #expect(
            try await fixture.timeline(of: 4).suffix(2) == ["priority P1 → P0 by Bob", "due 2026-03-01 → none by Bob"])
        #expect(try await fixture.timeline(of: 1) == ["created by alice", "priority none → P0 by Bob"])
        let same = try await fixture.issues.edit(
            [try fixture.number(1)], try IssueEdit(priority: .set(.p0)), read: nil, actor: fixture.alice)
        #expect(same[0].updatedAt == edited[1].updatedAt, "the same priority is no change")
        #expect(try await fixture.timeline(of: 1).count == 2)
    }

    @Test(arguments: RepositoryKind.allCases)
    func listsSortMostUrgentFirstAndFilterByPriorityAndOverdue(_ kind: RepositoryKind) async throws {
        let fixture = try await ContractFixture.make(kind, titles: ["One", "Two", "Three", "Four", "Five"])
        let plan: [(Int64, Priority?, String?)] = [
            (1, .p2, "2026-05-01"), (2, nil, "2026-01-10"), (3, .p0, nil), (4, .p2, "2026-02-01"), (5, nil, nil),
        ]
        for (number, priority, due) in plan {
            let edit = try IssueEdit(
                priority: priority.map(PlanChange.set), due: try due.map { .set(try day($0)) })
            guard !edit.isEmpty else { continue }
            _ = try await fixture.issues.edit([try fixture.number(number)], edit, read: nil, actor: fixture.alice)
        }
        #expect(try await fixture.listed(IssueFilter(sort: .priority)) == [3, 4, 1, 5, 2])
        #expect(try await fixture.listed(IssueFilter(sort: .due)) == [2, 4, 1, 5, 3])
        var p2 = IssueFilter()
        p2.priority = .p2
        #expect(try await fixture.listed(p2) == [4, 1])
        var unplanned = IssueFilter()
        unplanned.unprioritized = true
        #expect(try await fixture.listed(unplanned) == [5, 2])
        var overdue = IssueFilter(state: .all, sort: .due)
        overdue.overdueOn = try day("2026-03-01")
        #expect(try await fixture.listed(overdue) == [2, 4])
        _ = try await fixture.issues.close(try fixture.number(2), reason: .completed, actor: fixture.alice)
        #expect(try await fixture.listed(overdue) == [4], "a closed issue is not overdue")
    }

    @Test(arguments: RepositoryKind.allCases)
    func undoPutsTheEarlierPriorityAndDueDateBack(_ kind: RepositoryKind) async throws {
        let fixture = try await ContractFixture.make(kind)
        let one = try fixture.number(1)
        _ = try await fixture.issues.edit(
            [one], try IssueEdit(priority: .set(.p3), due: .set(try day("2026-04-04"))), read: nil, actor: fixture.alice
        )
        _ = try await fixture.issues.edit(
            [one], try IssueEdit(priority: .set(.p1), due: .clear), read: nil, actor: fixture.alice)
        _ = try await fixture.history.undo(actor: fixture.alice)
        let back = try await fixture.issue(1)
        let april = try day("2026-04-04")
        #expect(back.priority == .p3 && back.dueOn == april)
        #expect(
            try await fixture.timeline(of: 1).suffix(2) == [
                "due none → 2026-04-04 by alice (undo)", "priority P1 → P3 by alice (undo)",
            ])
        _ = try await fixture.history.undo(actor: fixture.alice)
        let again = try await fixture.issue(1)
        #expect(again.priority == .p1 && again.dueOn == nil, "undoing the undo makes the change again")
    }
}
