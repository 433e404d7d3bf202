import Testing
import TrackerCore
import TrackerTestSupport

/// What the assign, unassign and close use cases decide themselves before a repository is asked:
/// requests, the limit of 10 per request, and suggestions for unknown logins. The repositories'
/// own rules are checked on both implementations by RepositoryContractTests.
@Suite struct LifecycleUseCaseTests {
    let users: InMemoryUserRepository
    let issues: InMemoryIssueRepository
    let alice: Login

    init() async throws {
        var people = [try User(login: Login("alice")), try User(login: Login("bob")), try User(login: Login("carol"))]
        people += try (1...12).map { try User(login: Login("dev\($0)")) }
        users = InMemoryUserRepository(people)
        issues = InMemoryIssueRepository(users: users)
        alice = try Login("alice")
        for title in ["One", "Two", "Three"] {
            _ = try await issues.create(try IssueDraft(title: title), author: alice)
        }
    }

    var assign: AssignIssues { AssignIssues(issues: issues, users: users) }
    var unassign: UnassignIssues { UnassignIssues(issues: issues, users: users) }
    func number(_ value: Int64) throws -> IssueNumber { try IssueNumber(value) }
    func logins(_ names: String...) throws -> [Login] { try names.map { try Login($0) } }

    @Test func elevenAtOnceAreRefusedBeforeAnyLookup() async throws {
        let ten = try (1...10).map { try Login("dev\($0)") }
        await #expect(throws: TrackerError.tooManyAssignees(issue: try number(2), count: 11)) {
            try await assign(ten + logins("dev11"), to: [try number(2)], actor: alice)
        }
        await #expect(throws: TrackerError.tooManyAssignees(issue: try number(2), count: 11)) {
            try await assign(ten + logins("stranger"), to: [try number(3), try number(2)], actor: alice)
        }
        #expect(try await issues.details(of: try number(2)).issue.assignees.isEmpty)
        let once = try await assign(ten + logins("DEV1"), to: [try number(2), try number(2)], actor: alice)
        #expect(once.map(\.assignees.count) == [10], "repeated logins and numbers count once")
    }

    @Test func anUnknownLoginIsRefusedWithSuggestions() async throws {
        await #expect(throws: TrackerError.unknownUser(login: "alcie", suggestions: ["alice"])) {
            try await assign(logins("alcie"), to: [try number(1)], actor: alice)
        }
        await #expect(throws: TrackerError.unknownUser(login: "dev", suggestions: ["dev1", "dev10", "dev11"])) {
            try await assign(logins("dev"), to: [try number(1)], actor: alice)
        }
        await #expect(throws: TrackerError.unknownUser(login: "bobb", suggestions: ["bob"])) {
            try await unassign(logins("bobb"), from: [try number(1)], actor: alice)
        }
        #expect(try await issues.details(of: try number(1)).issue.assignees.isEmpty)
    }

    @Test func refusesEmptyRequestsAndBadReasons() async throws {
        await #expect(throws: TrackerError.self) { try await assign([], to: [try number(1)], actor: alice) }
        await #expect(throws: TrackerError.self) { try await assign(logins("bob"), to: [], actor: alice) }
        await #expect(throws: TrackerError.self) { try await unassign([], from: [try number(1)], actor: alice) }
        await #expect(throws: TrackerError.self) {
            try await CloseIssue(issues: issues)(try number(1), reason: .reopened, actor: alice)
        }
        #expect(throws: TrackerError.self) { try StateReason(closeReason: "done") }
        #expect(try StateReason(closeReason: "not-planned") == .notPlanned)
    }
}
