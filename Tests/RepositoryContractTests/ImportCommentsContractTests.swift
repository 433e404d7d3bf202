import Testing
import TrackerCore

/// Comments travel with an import: authors (registered when missing), times, ids (kept when
/// numbers are), timeline events and mentions.
@Suite struct ImportCommentsContractTests {
    static func comment(_ id: Int64?, by author: String, _ body: String, at time: String) throws -> ImportedComment {
        let moment = try ImportContractTests.time(time)
        return try ImportedComment(id: id, author: try Login(author), body: body, createdAt: moment, updatedAt: moment)
    }

    @Test(arguments: RepositoryKind.allCases)
    func anEmptyTrackerKeepsCommentIdsAuthorsAndTimes(_ kind: RepositoryKind) async throws {
        let fixture = try await ContractFixture.make(kind, titles: [])
        var record = try ImportContractTests.record(4, "Four", by: "alice", created: "2024-01-01T00:00:00Z")
        record.comments = [
            try Self.comment(40, by: "stranger", "First, @Bob", at: "2024-01-02T00:00:00Z"),
            try Self.comment(41, by: "alice", "Second", at: "2024-01-03T00:00:00Z"),
        ]
        _ = try await fixture.issues.importIssues([record], actor: fixture.alice)
        let details = try await fixture.issues.details(of: try fixture.number(4))
        #expect(details.comments.map(\.id.value) == [40, 41])
        #expect(details.comments.map(\.author.value) == ["stranger", "alice"])
        #expect(details.comments.map(\.createdAt) == record.comments.map(\.createdAt))
        #expect(try await fixture.users.find(try fixture.login("stranger")) != nil, "a comment's author is registered")
        #expect(
            try await fixture.timeline(of: 4) == [
                "created by alice", "commented 40 by stranger", "commented 41 by alice",
            ])
        #expect(try await fixture.listed(IssueFilter(mention: try fixture.login("bob"))) == [4])
        let next = try await fixture.comments.add("After the import", to: try fixture.number(4), author: fixture.alice)
        #expect(next.id.value > 41, "new comments never reuse an imported id")
        var everything = IssueFilter(state: .all, ascending: true, limit: nil)
        everything.includesComments = true
        let listed = try await fixture.issues.list(everything)
        #expect(listed.first?.comments?.map(\.id.value) == [40, 41, next.id.value])
    }

    @Test(arguments: RepositoryKind.allCases)
    func aTrackerWithIssuesGivesImportedCommentsNewIds(_ kind: RepositoryKind) async throws {
        let fixture = try await ContractFixture.make(kind, titles: ["One"])
        let existing = try await fixture.comments.add("Already here", to: try fixture.number(1), author: fixture.alice)
        var record = try ImportContractTests.record(1, "Imported", by: "alice", created: "2024-01-01T00:00:00Z")
        record.comments = [
            try Self.comment(existing.id.value, by: "carol", "Same id as before", at: "2024-01-02T00:00:00Z")
        ]
        _ = try await fixture.issues.importIssues([record], actor: fixture.alice)
        let imported = try await fixture.issues.details(of: try fixture.number(2)).comments
        #expect(imported.count == 1)
        #expect(imported[0].id != existing.id)
        #expect(imported[0].body == "Same id as before")
        #expect(try await fixture.issues.details(of: try fixture.number(1)).comments == [existing])
    }
}
