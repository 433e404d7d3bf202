import Foundation
import Testing
import TrackerCore

/// `IssueRepository.create`: numbering, what is stored, and failures that leave nothing behind.
@Suite struct CreateContractTests {
    @Test(arguments: RepositoryKind.allCases)
    func createNumbersIssuesInOrderFromOne(_ kind: RepositoryKind) async throws {
        let fixture = try await ContractFixture.make(kind, titles: [])
        let first = try await fixture.issues.create(try IssueDraft(title: "One"), author: fixture.alice)
        let second = try await fixture.issues.create(try IssueDraft(title: "Two"), author: fixture.alice)
        #expect(first.number.value == 1)
        #expect(second.number.value == 2)
        #expect(second.author == fixture.alice)
        #expect(second.state == .open)
    }

    @Test(arguments: RepositoryKind.allCases)
    func createKeepsEveryFieldWithStoredSpellings(_ kind: RepositoryKind) async throws {
        let fixture = try await ContractFixture.make(kind, titles: [])
        let before = Timestamp(Date())
        let body = "Line one\nLine two with 'quotes', \"doubles\", \\ and 🐘\n\tindented"
        let draft = try IssueDraft(title: "  Login fails  ", body: body, assignees: try fixture.logins("bob"))
        let created = try await fixture.issues.create(draft, author: try fixture.login("ALICE"))
        #expect(created.number.value == 1)
        #expect(created.title == "Login fails")
        #expect(created.body == body)
        #expect(created.state == .open)
        #expect(created.stateReason == nil)
        #expect(created.closedAt == nil)
        #expect(created.author.value == "alice", "the stored spelling of the login is shown")
        #expect(created.assignees.map(\.value) == ["Bob"])
        #expect(abs(created.createdAt.seconds(since: before)) < 60)
        #expect(created.updatedAt == created.createdAt)
        #expect(try await fixture.issues.list(IssueFilter(state: .all)) == [created])
        #expect(try await fixture.issue(1) == created)
        #expect(try await fixture.timeline(of: 1) == ["created by alice", "assigned Bob by alice"])
    }

    @Test(arguments: RepositoryKind.allCases)
    func assigneesAreListedByLoginIgnoringCase(_ kind: RepositoryKind) async throws {
        let fixture = try await ContractFixture.make(kind, titles: [])
        let draft = try IssueDraft(title: "Many hands", assignees: try fixture.logins("dev2", "carol", "bob", "dev10"))
        let created = try await fixture.issues.create(draft, author: fixture.alice)
        #expect(created.assignees.map(\.value) == ["Bob", "carol", "dev10", "dev2"])
        #expect(try await fixture.assignees(of: 1) == ["Bob", "carol", "dev10", "dev2"])
        #expect(
            try await fixture.timeline(of: 1) == [
                "created by alice", "assigned dev2 by alice", "assigned carol by alice", "assigned Bob by alice",
                "assigned dev10 by alice",
            ], "one event per assignee, in the order given")
    }

    @Test(arguments: RepositoryKind.allCases)
    func aFailedCreateWritesNothingAndUsesUpNoNumber(_ kind: RepositoryKind) async throws {
        let fixture = try await ContractFixture.make(kind, titles: [])
        await #expect(throws: ContractFixture.noUser("mallory")) {
            try await fixture.issues.create(
                try IssueDraft(title: "Assigned to a stranger", assignees: try fixture.logins("bob", "mallory")),
                author: fixture.alice)
        }
        await #expect(throws: ContractFixture.noUser("mallory")) {
            try await fixture.issues.create(
                try IssueDraft(title: "By a stranger"), author: try fixture.login("mallory"))
        }
        await #expect(throws: ContractFixture.noUser("zed"), "the author is checked first") {
            try await fixture.issues.create(
                try IssueDraft(title: "Both strangers", assignees: try fixture.logins("mallory")),
                author: try fixture.login("zed"))
        }
        #expect(try await fixture.issues.list(IssueFilter(state: .all, limit: nil)).isEmpty)
        let next = try await fixture.issues.create(try IssueDraft(title: "First"), author: fixture.alice)
        #expect(next.number.value == 1)
        #expect(try await fixture.timeline(of: 1) == ["created by alice"])
    }
}
