import Foundation
import Testing
import TrackerCore
import TrackerTestSupport

@Suite struct UseCaseTests {
    let users = InMemoryAssigneeRepository([try! User(login: Login("alice"), name: "Alice")])
    let alice = try! Login("alice")

    func makeIssues() -> InMemoryIssueRepository {
        InMemoryIssueRepository(users: users)
    }

    @Test func createNumbersIssuesInOrder() async throws {
        let issues = makeIssues()
        let create = CreateIssue(issues: issues, users: users)
        let first = try await create(try IssueDraft(title: "One"), author: alice)
        let second = try await create(try IssueDraft(title: "Two"), author: alice)
        #expect(first.number.value == 1)
        #expect(second.number.value == 2)
        #expect(second.author == alice)
        #expect(second.state == .open)
    }

    @Test func aFailedCreateUsesUpNoNumber() async throws {
        let issues = makeIssues()
        let create = CreateIssue(issues: issues, users: users)
        await #expect(throws: TrackerError.self) {
            try await create(try IssueDraft(title: "By a stranger"), author: try Login("mallory"))
        }
        let created = try await create(try IssueDraft(title: "One"), author: alice)
        #expect(created.number.value == 1)
    }

    @Test func listShowsNewestFirstFilteredByState() async throws {
        let issues = makeIssues()
        let create = CreateIssue(issues: issues, users: users)
        for title in ["One", "Two", "Three"] { _ = try await create(try IssueDraft(title: title), author: alice) }
        let page = try await ListIssues(issues: issues)(IssueFilter(state: .open))
        #expect(page.issues.map(\.title) == ["Three", "Two", "One"])
        #expect(page.hasMore == false)
        let closed = try await ListIssues(issues: issues)(IssueFilter(state: .closed))
        #expect(closed.issues.isEmpty)
        let all = try await ListIssues(issues: issues)(IssueFilter(state: .all))
        #expect(all.issues.count == 3)
    }

    @Test func listStopsAtTheLimitAndSaysMoreMatch() async throws {
        let issues = makeIssues()
        for index in 1...5 { _ = try await issues.create(try IssueDraft(title: "Issue \(index)"), author: alice) }
        let page = try await ListIssues(issues: issues)(IssueFilter(limit: 2))
        #expect(page.issues.map(\.number.value) == [5, 4])
        #expect(page.hasMore)
        let exact = try await ListIssues(issues: issues)(IssueFilter(limit: 5))
        #expect(exact.issues.count == 5)
        #expect(!exact.hasMore)
        let everything = try await ListIssues(issues: issues)(IssueFilter(limit: nil))
        #expect(everything.issues.count == 5)
    }

    @Test func listRefusesANegativeLimit() async {
        await #expect(throws: TrackerError.self) {
            try await ListIssues(issues: makeIssues())(IssueFilter(limit: -1))
        }
    }

    @Test func actingUserIsRegisteredOnlyWhereAllowed() async throws {
        let identify = IdentifyActingUser(users: users)
        let bob = try Login("Bob")
        await #expect(throws: TrackerError.unknownActingUser(login: "Bob")) {
            try await identify(bob, mayRegister: false)
        }
        let registered = try await identify(bob, mayRegister: true)
        #expect(registered.login == bob)
        #expect(try await users.find(try Login("bob")) != nil)
        #expect(try await identify(try Login("ALICE"), mayRegister: false).name == "Alice")
    }

    @Test func addUserRefusesTheSameLoginInAnotherCase() async throws {
        let add = AddUser(users: users)
        await #expect(throws: TrackerError.self) { try await add(try User(login: Login("ALICE"))) }
        let listed = try await ListUsers(users: users)(prefix: "al")
        #expect(listed.map(\.login.value) == ["alice"])
    }
}
