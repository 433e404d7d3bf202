import Testing
import TrackerCore

/// `HistoryRepository.undo`: each kind of change taken back as one new change, undoing an undo
/// puts the change back, and a change someone built on since is refused with nothing changed.
@Suite struct UndoContractTests {
    /// Makes a change as alice, undoes it, and checks what the timeline and `check` see.
    func undone(
        _ kind: RepositoryKind, change: (ContractFixture) async throws -> Void,
        check: (ContractFixture) async throws -> Void
    ) async throws -> ContractFixture {
        let fixture = try await ContractFixture.make(kind)
        try await change(fixture)
        let candidate = try await fixture.history.undoableChange(of: fixture.alice)
        let undone = try await fixture.history.undo(actor: fixture.alice)
        #expect(candidate?.id == undone.id && candidate?.entries == undone.entries && candidate?.blocked == nil)
        try await check(fixture)
        return fixture
    }

    @Test(arguments: RepositoryKind.allCases)
    func closeAndReopenAreTakenBackAndAnUndoOfAnUndoPutsThemBack(_ kind: RepositoryKind) async throws {
        let fixture = try await undone(kind) { fixture in
            _ = try await fixture.issues.close(try fixture.numbers(1, 2), reason: .notPlanned, actor: fixture.alice)
        } check: { fixture in
            let (one, two) = (try await fixture.issue(1), try await fixture.issue(2))
            #expect(one.state == .open && two.state == .open)
        }
        #expect(
            try await fixture.timeline(of: 1) == [
                "created by alice", "closed not_planned by alice", "reopened by alice (undo)",
            ])
        let again = try await fixture.history.undo(actor: fixture.alice)
        #expect(again.isUndo && again.issues.map(\.value) == [1, 2])
        let two = try await fixture.issue(2)
        #expect(two.state == .closed && two.stateReason == .notPlanned)
        _ = try await fixture.history.undo(actor: fixture.alice)
        #expect(try await fixture.issue(2).state == .open)
        _ = try await fixture.issues.close(try fixture.number(3), reason: .notPlanned, actor: fixture.alice)
        _ = try await fixture.issues.reopen(try fixture.number(3), actor: fixture.alice)
        _ = try await fixture.history.undo(actor: fixture.alice)
        #expect(try await fixture.issue(3).stateReason == .notPlanned, "closed again as it was")
    }

    @Test(arguments: RepositoryKind.allCases)
    func anEditedTextComesBackAndEveryTextStaysInTheHistory(_ kind: RepositoryKind) async throws {
        let fixture = try await undone(kind) { fixture in
            _ = try await fixture.issues.edit(
                [try fixture.number(1)], try IssueEdit(title: "Uno", body: "new body"), read: nil, actor: fixture.alice)
        } check: { fixture in
            let issue = try await fixture.issue(1)
            #expect(issue.title == "One" && issue.body == "")
        }
        let history = try await fixture.history.textHistory(of: try fixture.number(1))
        #expect(history.versions.map(\.title) == ["One", "Uno", "One"])
        #expect(
            Array(try await fixture.timeline(of: 1).suffix(2)) == [
                "renamed Uno → One by alice (undo)", "edited by alice (undo)",
            ])
    }

    @Test(arguments: RepositoryKind.allCases)
    func assigneesLabelsAndMilestonesAreTakenBack(_ kind: RepositoryKind) async throws {
        let bug = try LabelName("bug")
        let v1 = try MilestoneTitle("v1.0")
        let v2 = try MilestoneTitle("v2.0")
        let fixture = try await undone(kind) { fixture in
            _ = try await fixture.labels.create(try Label(name: bug))
            _ = try await fixture.milestones.create(title: v1, description: "", dueOn: nil)
            _ = try await fixture.milestones.create(title: v2, description: "", dueOn: nil)
            _ = try await fixture.issues.edit(
                [try fixture.number(1)], try IssueEdit(addAssignees: [fixture.login("carol")], milestone: .set(v1)),
                read: nil, actor: fixture.login("Bob"))
            _ = try await fixture.issues.edit(
                [try fixture.number(1)],
                try IssueEdit(
                    addAssignees: [fixture.alice], removeAssignees: [fixture.login("carol")], addLabels: [bug],
                    milestone: .set(v2)), read: nil, actor: fixture.alice)
        } check: { fixture in
            let issue = try await fixture.issue(1)
            #expect(issue.assignees.map(\.value) == ["carol"] && issue.labels.isEmpty && issue.milestone?.title == v1)
        }
        #expect(try await fixture.milestones.milestone(titled: v2).openIssues == 0)
        #expect(
            Array(try await fixture.timeline(of: 1).suffix(5)) == [
                "demilestoned v2.0 by alice (undo)", "milestoned v1.0 by alice (undo)", "unlabeled bug by alice (undo)",
                "unassigned alice by alice (undo)", "assigned carol by alice (undo)",
            ])
    }

    @Test(arguments: RepositoryKind.allCases)
    func commentsCreationAndDeletionAreTakenBack(_ kind: RepositoryKind) async throws {
        let fixture = try await undone(kind) { fixture in
            _ = try await fixture.comments.add("hello", to: try fixture.number(1), author: fixture.alice)
        } check: { fixture in
            let details = try await fixture.issues.details(of: try fixture.number(1))
            #expect(details.comments.isEmpty)
        }
        _ = try await fixture.history.undo(actor: fixture.alice)
        let comment = try #require(try await fixture.issues.details(of: try fixture.number(1)).comments.first)
        _ = try await fixture.comments.edit(comment.id, body: "hello again", actor: fixture.alice)
        _ = try await fixture.history.undo(actor: fixture.alice)
        #expect(try await fixture.comments.comment(comment.id).body == "hello")
        _ = try await fixture.comments.delete(comment.id, actor: fixture.alice)
        _ = try await fixture.history.undo(actor: fixture.alice)
        #expect(try await fixture.comments.comment(comment.id).body == "hello")
        _ = try await fixture.history.delete(try fixture.numbers(2), actor: fixture.alice)
        _ = try await fixture.history.undo(actor: fixture.alice)
        #expect(try await fixture.issue(2).title == "Two")
        let created = try await fixture.issues.create(try IssueDraft(title: "Oops"), author: fixture.alice)
        _ = try await fixture.history.undo(actor: fixture.alice)
        #expect(try await fixture.history.trash().map(\.deletedBy) == [fixture.alice])
        await #expect(throws: TrackerError.inTrash(created.number)) {
            try await fixture.issues.details(of: created.number)
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func someoneElsesChangeSinceRefusesTheUndoAndChangesNothing(_ kind: RepositoryKind) async throws {
        let fixture = try await ContractFixture.make(kind)
        let bob = try fixture.login("Bob")
        _ = try await fixture.issues.close(try fixture.number(1), reason: .completed, actor: fixture.alice)
        _ = try await fixture.comments.add("why?", to: try fixture.number(1), author: bob)
        let blocked = try #require(try await fixture.history.undoableChange(of: fixture.alice)?.blocked)
        #expect(blocked.hasPrefix("#1 has changed since (Bob commented at ") && blocked.hasSuffix(" UTC)"))
        await #expect(
            throws: TrackerError.changedMeanwhile("cannot undo your last change: \(blocked); nothing was changed")
        ) {
            try await fixture.history.undo(actor: fixture.alice)
        }
        #expect(try await fixture.issue(1).state == .closed)
        #expect(try await fixture.history.undoableChange(of: try fixture.login("dev7")) == nil)
        await #expect(throws: TrackerError.notFound("you have no change to undo")) {
            try await fixture.history.undo(actor: try fixture.login("dev7"))
        }
    }
}
