import Testing
import TrackerCore

/// `HistoryRepository`'s trash: a deleted issue or comment leaves every read and count, comes
/// back as it was, and is gone for good only when purged.
@Suite struct TrashContractTests {
    @Test(arguments: RepositoryKind.allCases)
    func aDeletedIssueLeavesListsAndCountsAndComesBackAsItWas(_ kind: RepositoryKind) async throws {
        let fixture = try await ContractFixture.make(kind)
        let v1 = try MilestoneTitle("v1.0")
        _ = try await fixture.milestones.create(title: v1, description: "", dueOn: nil)
        _ = try await fixture.issues.edit(
            try fixture.numbers(1, 2), try IssueEdit(addAssignees: [fixture.alice], milestone: .set(v1)), read: nil,
            actor: fixture.alice)
        let before = try await fixture.issues.details(of: try fixture.number(2))
        let deleted = try await fixture.history.delete(try fixture.numbers(2), actor: fixture.alice)
        #expect(deleted.map(\.issue.number.value) == [2] && deleted.first == .changed(deleted[0].issue))
        #expect(try await fixture.listed(IssueFilter(state: .all)) == [3, 1])
        #expect(try await fixture.milestones.milestone(titled: v1).openIssues == 1)
        #expect(try await fixture.issues.status(of: fixture.alice, limit: 5).assigned.total == 1)
        await #expect(throws: TrackerError.inTrash(try fixture.number(2))) {
            try await fixture.issues.details(of: try fixture.number(2))
        }
        await #expect(
            throws: TrackerError.notFound(
                "issue #2 is in the trash (`tracker restore 2` brings it back); nothing was changed")
        ) {
            try await fixture.issues.close(try fixture.numbers(1, 2), reason: .completed, actor: fixture.alice)
        }
        #expect(try await fixture.issue(1).state == .open, "all or nothing")
        #expect(
            try await fixture.history.delete(try fixture.numbers(2), actor: fixture.alice).first?.isUnchanged == true)
        let trash = try await fixture.history.trash()
        guard case .issue(let trashed, _, let by)? = trash.first else {
            Issue.record("expected the issue in the trash, got \(trash)")
            return
        }
        #expect(trash.count == 1 && trashed.number.value == 2 && by == fixture.alice)

        _ = try await fixture.history.restore(try fixture.numbers(2), actor: fixture.alice)
        let after = try await fixture.issues.details(of: try fixture.number(2))
        #expect(after.issue == before.issue && after.comments == before.comments)
        #expect(Array(try await fixture.timeline(of: 2).suffix(2)) == ["deleted by alice", "restored by alice"])
        #expect(try await fixture.milestones.milestone(titled: v1).openIssues == 2, "a recount")
        #expect(try await fixture.history.trash().isEmpty)
    }

    @Test(arguments: RepositoryKind.allCases)
    func aMissingIssueDeletesNoneAndAPurgeIsForGood(_ kind: RepositoryKind) async throws {
        let fixture = try await ContractFixture.make(kind)
        await #expect(throws: ContractFixture.noIssue(99)) {
            try await fixture.history.delete(try fixture.numbers(1, 99), actor: fixture.alice)
        }
        #expect(try await fixture.listed(IssueFilter(state: .all)) == [3, 2, 1])
        _ = try await fixture.history.delete(try fixture.numbers(3), actor: fixture.alice)
        let none = try await fixture.history.purgeTrash(deletedBefore: .minimum, actor: fixture.alice)
        #expect(none == PurgedTrash(issues: 0, comments: 0))
        let future = try #require(Timestamp(iso8601: "9999-01-01T00:00:00Z"))
        #expect(
            try await fixture.history.purgeTrash(deletedBefore: future, actor: fixture.alice)
                == .init(issues: 1, comments: 0))
        await #expect(throws: TrackerError.self) {
            try await fixture.history.restore(try fixture.numbers(3), actor: fixture.alice)
        }
        #expect(try await fixture.history.trash().isEmpty)
    }

    @Test(arguments: RepositoryKind.allCases)
    func aDeletedCommentLeavesTheIssueAndItsMentionsAndComesBack(_ kind: RepositoryKind) async throws {
        let fixture = try await ContractFixture.make(kind)
        let carol = try fixture.login("carol")
        let comment = try await fixture.comments.add("ping @alice", to: try fixture.number(1), author: carol)
        #expect(try await fixture.listed(IssueFilter(mention: fixture.alice)) == [1])
        _ = try await fixture.comments.delete(comment.id, actor: carol)
        #expect(try await fixture.issues.details(of: try fixture.number(1)).comments.isEmpty)
        #expect(try await fixture.listed(IssueFilter(mention: fixture.alice)) == [])
        #expect(try await fixture.listed(IssueFilter(search: "ping")) == [])
        await #expect(throws: TrackerError.self) { try await fixture.comments.comment(comment.id) }
        await #expect(
            throws: TrackerError.notFound(
                "comment \(comment.id) is in the trash (`tracker comment restore \(comment.id)` brings it back); "
                    + "nothing was changed")
        ) {
            try await fixture.comments.edit(comment.id, body: "again", actor: carol)
        }
        #expect(try await fixture.history.trash().count == 1)
        #expect(try await fixture.history.restoreComment(comment.id, actor: carol) == comment)
        #expect(try await fixture.issues.details(of: try fixture.number(1)).comments == [comment])
        #expect(try await fixture.listed(IssueFilter(mention: fixture.alice)) == [1])
        #expect(
            Array(try await fixture.timeline(of: 1).suffix(3)) == [
                "commented \(comment.id) by carol", "deleted comment \(comment.id) by carol",
                "restored comment \(comment.id) by carol",
            ])
    }
}

extension StateChange {
    var isUnchanged: Bool {
        if case .unchanged = self { return true }
        return false
    }
}
