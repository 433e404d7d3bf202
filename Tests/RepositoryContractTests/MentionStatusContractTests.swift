import Testing
import TrackerCore

/// Mentions in bodies and comments (`list --mention`), and `status`.
@Suite struct MentionStatusContractTests {
    @Test(arguments: RepositoryKind.allCases)
    func registeredLoginsOutsideCodeAreMentioned(_ kind: RepositoryKind) async throws {
        let fixture = try await ContractFixture.make(kind)
        let body = "cc @BOB and @nobody, not `@carol` nor me@dev1.example"
        let issue = try await fixture.issues.create(try IssueDraft(title: "Four", body: body), author: fixture.alice)
        #expect(issue.number.value == 4)
        #expect(try await fixture.listed(IssueFilter(mention: try fixture.login("bob"))) == [4])
        #expect(try await fixture.listed(IssueFilter(mention: try fixture.login("carol"))) == [])
        #expect(try await fixture.listed(IssueFilter(mention: try fixture.login("dev1"))) == [])
        let comment = try await fixture.comments.add(
            "@carol please look", to: try fixture.number(2), author: fixture.alice)
        #expect(try await fixture.listed(IssueFilter(mention: try fixture.login("Carol"))) == [2])
        _ = try await fixture.issues.edit(
            try fixture.numbers(4), try IssueEdit(body: "no one now"), read: nil, actor: fixture.alice)
        #expect(try await fixture.listed(IssueFilter(mention: try fixture.login("bob"))) == [])
        _ = try await fixture.comments.delete(comment.id, actor: fixture.alice)
        #expect(try await fixture.listed(IssueFilter(mention: try fixture.login("carol"))) == [])
    }

    @Test(arguments: RepositoryKind.allCases)
    func statusShowsOpenIssuesAssignedMentioningAndOpenedNewestFirst(_ kind: RepositoryKind) async throws {
        let fixture = try await ContractFixture.make(kind, titles: ["One", "Two", "Three", "Four"])
        let bob = try fixture.login("bob")
        _ = try await fixture.issues.assign([bob], to: try fixture.numbers(1, 2, 3), actor: fixture.alice)
        _ = try await fixture.issues.close(try fixture.number(2), reason: .completed, actor: fixture.alice)
        _ = try await fixture.comments.add("@bob thoughts?", to: try fixture.number(4), author: fixture.alice)
        _ = try await fixture.issues.create(try IssueDraft(title: "Bob's own"), author: bob)
        _ = try await fixture.comments.add("bump", to: try fixture.number(1), author: fixture.alice)
        let status = try await fixture.issues.status(of: bob, limit: 1)
        #expect(status.assigned.issues.map(\.number.value) == [1], "most recently updated first, closed left out")
        #expect(status.assigned.total == 2)
        #expect(status.mentioned.issues.map(\.number.value) == [4])
        #expect(status.mentioned.total == 1)
        #expect(status.opened.issues.map(\.number.value) == [5])
        #expect(status.opened.total == 1)
        let carol = try await fixture.issues.status(of: try fixture.login("carol"), limit: 5)
        #expect(
            carol
                == IssueStatus(
                    assigned: .init(issues: [], total: 0), mentioned: .init(issues: [], total: 0),
                    opened: .init(issues: [], total: 0)))
    }
}
