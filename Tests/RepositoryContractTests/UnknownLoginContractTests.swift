import Testing
import TrackerCore

/// Every change refuses a login nobody registered (the acting user first), with the same error,
/// and changes nothing. The use cases check assignees first and add suggestions; this is what
/// the repositories themselves promise.
@Suite struct UnknownLoginContractTests {
    @Test(arguments: RepositoryKind.allCases)
    func everyChangeRefusesAnUnknownLogin(_ kind: RepositoryKind) async throws {
        let fixture = try await ContractFixture.make(kind)
        let (issues, alice, zed) = (fixture.issues, fixture.alice, try fixture.login("zed"))
        let (bob, carol) = (try fixture.login("bob"), try fixture.login("carol"))
        let (open, closed, missing) = (try fixture.number(1), try fixture.number(2), try fixture.number(99))
        _ = try await issues.assign([bob], to: [open], actor: alice)
        _ = try await issues.close(closed, reason: .completed, actor: alice)
        let before = try await issues.list(IssueFilter(state: .all, limit: nil))
        let refusals: [(String, @Sendable () async throws -> Void)] = [
            ("assign", { _ = try await issues.assign([zed], to: [open], actor: alice) }),
            ("assign to a missing issue", { _ = try await issues.assign([zed], to: [missing], actor: alice) }),
            ("assign as zed", { _ = try await issues.assign([carol], to: [open], actor: zed) }),
            ("unassign", { _ = try await issues.unassign([zed], from: [open], actor: alice) }),
            ("unassign as zed", { _ = try await issues.unassign(nil, from: [open], actor: zed) }),
            ("add", { _ = try await issues.changeAssignees(of: open, adding: [zed], removing: [], actor: alice) }),
            ("remove", { _ = try await issues.changeAssignees(of: open, adding: [], removing: [zed], actor: alice) }),
            (
                "change as zed",
                { _ = try await issues.changeAssignees(of: open, adding: [], removing: [bob], actor: zed) }
            ),
            ("close as zed", { _ = try await issues.close(open, reason: .completed, actor: zed) }),
            ("close a closed issue as zed", { _ = try await issues.close(closed, reason: .completed, actor: zed) }),
            ("close a missing issue as zed", { _ = try await issues.close(missing, reason: .completed, actor: zed) }),
            ("reopen as zed", { _ = try await issues.reopen(closed, actor: zed) }),
            ("reopen an open issue as zed", { _ = try await issues.reopen(open, actor: zed) }),
            ("create as zed", { _ = try await issues.create(try IssueDraft(title: "Four"), author: zed) }),
        ]
        for (name, refusal) in refusals {
            await #expect(throws: ContractFixture.noUser("zed"), "\(name)") { try await refusal() }
        }
        #expect(try await issues.list(IssueFilter(state: .all, limit: nil)) == before)
        #expect(try await fixture.timeline(of: 1) == ["created by alice", "assigned Bob by alice"])
        #expect(try await fixture.users.find(zed) == nil)
    }

    @Test(arguments: RepositoryKind.allCases)
    func aListNamingSomeoneUnregisteredIsRefusedNotEmpty(_ kind: RepositoryKind) async throws {
        let fixture = try await ContractFixture.make(kind)
        let zed = try fixture.login("zed")
        let filters = [
            IssueFilter(assignee: .user(zed)), IssueFilter(author: zed), IssueFilter(mention: zed),
            IssueFilter(state: .all, assignee: .user(try fixture.login("bob")), author: zed),
        ]
        for filter in filters {
            await #expect(throws: ContractFixture.noUser("zed")) { try await fixture.issues.list(filter) }
            await #expect(throws: ContractFixture.noUser("zed")) { try await fixture.issues.stream(filter) { _ in } }
        }
        #expect(try await fixture.listed(IssueFilter(author: try fixture.login("ALICE"))) == [3, 2, 1])
        #expect(try await fixture.listed(IssueFilter(assignee: .user(try fixture.login("carol")))).isEmpty)
    }
}
