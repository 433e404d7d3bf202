import Testing
import TrackerCore

/// People's display names (issue 33): an import registers people with the names its file gives
/// and fills only empty ones; an export reads them back; `users edit` sets and clears one.
@Suite struct DisplayNameContractTests {
    @Test(arguments: RepositoryKind.allCases)
    func anImportKeepsNamesAndFillsOnlyEmptyOnes(_ kind: RepositoryKind) async throws {
        let fixture = try await ContractFixture.make(kind, titles: [])
        let created = try #require(Timestamp(iso8601: "2024-01-02T03:04:05Z"))
        var record = try ImportedIssue(
            number: 4, title: "Named", body: "", state: .open, stateReason: nil, author: fixture.login("newcomer"),
            assignees: fixture.logins("BOB", "carol"), createdAt: created, updatedAt: created, closedAt: nil)
        record.names = ["newcomer": "New Comer", "bob": "Bobby", "alice": "Not Alice"]
        record.comments = [
            try ImportedComment(
                id: nil, author: fixture.login("alice"), body: "Hi", createdAt: created, updatedAt: created)
        ]
        _ = try await fixture.issues.importIssues([record], actor: fixture.alice)

        #expect(try await fixture.users.find(fixture.login("newcomer"))?.name == "New Comer", "registered named")
        #expect(try await fixture.users.find(fixture.login("bob"))?.name == "Bobby", "an empty name is filled")
        #expect(try await fixture.users.find(fixture.login("alice"))?.name == "Alice Liddell", "a set name stays")
        #expect(try await fixture.users.find(fixture.login("carol"))?.name == "", "no name given, none set")

        var filter = IssueFilter(state: .all, ascending: true, limit: nil)
        filter.includesComments = true
        filter.includesNames = true
        let read = try #require(try await fixture.issues.list(filter).first)
        #expect(read.names == ["newcomer": "New Comer", "Bob": "Bobby", "alice": "Alice Liddell"])
        #expect(try await fixture.issues.list(IssueFilter(state: .all, limit: nil)).first?.names == nil)
    }

    @Test(arguments: RepositoryKind.allCases)
    func renameSetsAndClearsAName(_ kind: RepositoryKind) async throws {
        let fixture = try await ContractFixture.make(kind, titles: [])
        let bob = try fixture.login("bob")
        let renamed = try await fixture.users.rename(bob, to: "Robert Roe", actor: bob)
        #expect(renamed.login.value == "Bob" && renamed.name == "Robert Roe")
        #expect(try await fixture.users.find(bob)?.name == "Robert Roe")
        #expect(try await fixture.users.rename(fixture.alice, to: "", actor: fixture.alice).name == "")
        #expect(try await fixture.users.find(fixture.alice)?.name == "")
        await #expect(throws: ContractFixture.noUser("zed")) {
            try await fixture.users.rename(try fixture.login("zed"), to: "Zed", actor: fixture.alice)
        }
    }
}
