import Foundation
import Testing
import TrackerCore
import TrackerTestSupport

/// The assignee and lifecycle rules, against the in-memory repositories.
@Suite struct LifecycleUseCaseTests {
    let users: InMemoryAssigneeRepository
    let issues: InMemoryIssueRepository
    let alice = try! Login("alice")

    init() async throws {
        var people = [try User(login: Login("alice")), try User(login: Login("bob")), try User(login: Login("carol"))]
        people += try (1...12).map { try User(login: Login("dev\($0)")) }
        users = InMemoryAssigneeRepository(people)
        issues = InMemoryIssueRepository(users: users)
        for title in ["One", "Two", "Three"] {
            _ = try await issues.create(try IssueDraft(title: title), author: alice)
        }
    }

    var assign: AssignIssues { AssignIssues(issues: issues, users: users) }
    var unassign: UnassignIssues { UnassignIssues(issues: issues, users: users) }
    func number(_ value: Int64) -> IssueNumber { try! IssueNumber(value) }
    func logins(_ names: String...) -> [Login] { names.map { try! Login($0) } }

    @Test func assignIsIdempotentAndIgnoresCase() async throws {
        _ = try await assign(logins("bob"), to: [number(1)], actor: alice)
        let again = try await assign(logins("BOB", "carol"), to: [number(1)], actor: alice)
        #expect(again[0].assignees.map(\.value) == ["bob", "carol"])
        let events = try await issues.details(of: number(1)).events
        #expect(events.map(\.kind) == [.created, .assigned(try Login("bob")), .assigned(try Login("carol"))])
    }

    @Test func bulkAssignIsAllOrNothing() async throws {
        await #expect(throws: TrackerError.notFound("issue #14 does not exist; nothing was changed")) {
            try await assign(logins("bob"), to: [number(1), number(2), number(14)], actor: alice)
        }
        for value in [Int64(1), 2] {
            #expect(try await issues.details(of: number(value)).issue.assignees.isEmpty)
            #expect(try await issues.details(of: number(value)).events.count == 1)
        }
        let done = try await assign(logins("bob"), to: [number(1), number(2)], actor: alice)
        #expect(done.map(\.assignees) == [logins("bob"), logins("bob")])
    }

    @Test func theEleventhAssigneeIsRefusedAndNothingIsWritten() async throws {
        let ten = (1...10).map { try! Login("dev\($0)") }
        _ = try await assign(ten, to: [number(1)], actor: alice)
        await #expect {
            try await assign(logins("dev11"), to: [number(1)], actor: alice)
        } throws: { error in
            let message = (error as? TrackerError)?.description ?? ""
            return message.contains("#1") && message.contains("10")
        }
        #expect(try await issues.details(of: number(1)).issue.assignees.count == 10)
        // Eleven at once is refused before any lookup.
        await #expect(throws: TrackerError.tooManyAssignees(issue: number(2), count: 11)) {
            try await assign(ten + logins("dev11"), to: [number(2)], actor: alice)
        }
        // In a bulk change, one full issue stops the others too.
        await #expect(throws: TrackerError.self) {
            try await assign(logins("dev12"), to: [number(2), number(1)], actor: alice)
        }
        #expect(try await issues.details(of: number(2)).issue.assignees.isEmpty)
    }

    @Test func anUnknownLoginIsRefusedWithSuggestions() async throws {
        await #expect(throws: TrackerError.unknownUser(login: "alcie", suggestions: ["alice"])) {
            try await assign(logins("alcie"), to: [number(1)], actor: alice)
        }
        await #expect(throws: TrackerError.unknownUser(login: "dev", suggestions: ["dev1", "dev10", "dev11"])) {
            try await assign(logins("dev"), to: [number(1)], actor: alice)
        }
        #expect(try await issues.details(of: number(1)).issue.assignees.isEmpty)
    }

    @Test func unassignRemovesSomeOrAllAndNotAssignedIsFine() async throws {
        _ = try await assign(logins("bob", "carol"), to: [number(1)], actor: alice)
        let one = try await unassign(logins("bob", "alice"), from: [number(1)], actor: alice)
        #expect(one[0].assignees == logins("carol"))
        let none = try await unassign(nil, from: [number(1)], actor: alice)
        #expect(none[0].assignees.isEmpty)
        let kinds = try await issues.details(of: number(1)).events.map(\.kind)
        #expect(kinds.suffix(2) == [.unassigned(try Login("bob")), .unassigned(try Login("carol"))])
    }

    @Test func closeAndReopenRecordEventsAndClosingTwiceIsANoOp() async throws {
        let closed = try await CloseIssue(issues: issues)(number(1), reason: .notPlanned, actor: alice)
        guard case .changed(let issue) = closed else { Issue.record("not closed"); return }
        #expect(issue.state == .closed && issue.stateReason == .notPlanned && issue.closedAt != nil)
        #expect(try await CloseIssue(issues: issues)(number(1), actor: alice) == .unchanged(issue))
        let reopened = try await ReopenIssue(issues: issues)(number(1), actor: alice).issue
        #expect(reopened.state == .open && reopened.closedAt == nil && reopened.stateReason == .reopened)
        #expect(try await ReopenIssue(issues: issues)(number(1), actor: alice) == .unchanged(reopened))
        let kinds = try await ShowIssue(issues: issues)(number(1)).events.map(\.kind)
        #expect(kinds == [.created, .closed(.notPlanned), .reopened])
    }

    @Test func everyChangeMovesUpdatedAt() async throws {
        let before = try await issues.details(of: number(3)).issue.updatedAt
        try await Task.sleep(for: .milliseconds(5))
        let after = try await assign(logins("bob"), to: [number(3)], actor: alice)[0].updatedAt
        #expect(after > before)
    }

    @Test func listFiltersByAssigneeAuthorSearchAndSort() async throws {
        _ = try await assign(logins("bob"), to: [number(2)], actor: alice)
        _ = try await issues.create(
            try IssueDraft(title: "Crash on login", body: "the app crashes"), author: try Login("bob"))
        let list = ListIssues(issues: issues)
        #expect(try await list(IssueFilter(assignee: .user(try Login("BOB")))).issues.map(\.title) == ["Two"])
        #expect(
            try await list(IssueFilter(assignee: .nobody)).issues.map(\.title) == ["Crash on login", "Three", "One"])
        #expect(try await list(IssueFilter(author: try Login("bob"))).issues.map(\.title) == ["Crash on login"])
        #expect(try await list(IssueFilter(search: "login CRASH")).issues.map(\.title) == ["Crash on login"])
        #expect(try await list(IssueFilter(search: "crash missing")).issues.isEmpty)
        #expect(try await list(IssueFilter(ascending: true)).issues.map(\.number.value) == [1, 2, 3, 4])
        #expect(try await list(IssueFilter(sort: .updated)).issues.first?.title == "Crash on login")
    }

    @Test func refusesEmptyRequestsAndBadReasons() async throws {
        await #expect(throws: TrackerError.self) { try await assign([], to: [number(1)], actor: alice) }
        await #expect(throws: TrackerError.self) { try await assign(logins("bob"), to: [], actor: alice) }
        await #expect(throws: TrackerError.self) { try await unassign([], from: [number(1)], actor: alice) }
        await #expect(throws: TrackerError.self) {
            try await CloseIssue(issues: issues)(number(1), reason: .reopened, actor: alice)
        }
        #expect(throws: TrackerError.self) { try StateReason(closeReason: "done") }
        #expect(try StateReason(closeReason: "not-planned") == .notPlanned)
    }
}
