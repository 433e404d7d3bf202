import Foundation
import Postgres
import Testing
import TrackerCore
import TrackerPostgres
import TrackerTestSupport

/// The assignee and lifecycle rules against PostgreSQL, including the assignment race.
@Suite struct LifecycleRepositoryTests {
    struct Fixture {
        let settings: String
        let database: Database
        let issues: PostgresIssueRepository
        let users: PostgresAssigneeRepository
        let alice = try! Login("alice")

        static func make(people: Int = 12, issues count: Int = 3) async throws -> Fixture {
            let settings = try await TestPostgres.shared.freshDatabase()
            let database = Database(settings: settings)
            let fixture = Fixture(
                settings: settings, database: database, issues: PostgresIssueRepository(database: database),
                users: PostgresAssigneeRepository(database: database))
            for name in ["alice", "bob", "carol"] + (1...people).map({ "dev\($0)" }) {
                _ = try await fixture.users.add(try User(login: Login(name)))
            }
            for index in 1...count {
                _ = try await fixture.issues.create(try IssueDraft(title: "Issue \(index)"), author: fixture.alice)
            }
            return fixture
        }

        var assign: AssignIssues { AssignIssues(issues: issues, users: users) }
        func number(_ value: Int64) -> IssueNumber { try! IssueNumber(value) }
        func logins(_ names: [String]) -> [Login] { names.map { try! Login($0) } }

        func scalar(_ sql: String) async throws -> Int {
            try await database.withConnection { try $0.query(sql).rows[0].decode(0, as: Int.self) }
        }
    }

    @Test func assignWritesEventsIsIdempotentAndMovesUpdatedAt() async throws {
        let fixture = try await Fixture.make()
        let before = try await fixture.issues.details(of: fixture.number(1)).issue.updatedAt
        let first = try await fixture.assign(fixture.logins(["Bob"]), to: [fixture.number(1)], actor: fixture.alice)
        #expect(first[0].assignees.map(\.value) == ["bob"])
        #expect(first[0].updatedAt > before)
        _ = try await fixture.assign(fixture.logins(["bob", "carol"]), to: [fixture.number(1)], actor: fixture.alice)
        let details = try await fixture.issues.details(of: fixture.number(1))
        #expect(details.issue.assignees.map(\.value) == ["bob", "carol"])
        #expect(details.events.map(\.kind) == [.created, .assigned(try Login("bob")), .assigned(try Login("carol"))])
        #expect(details.events.allSatisfy { $0.actor == fixture.alice })
    }

    @Test func bulkAssignWithAMissingIssueChangesNothing() async throws {
        let fixture = try await Fixture.make()
        await #expect(throws: TrackerError.notFound("issue #14 does not exist; nothing was changed")) {
            try await fixture.assign(
                fixture.logins(["bob"]), to: [fixture.number(1), fixture.number(2), fixture.number(14)],
                actor: fixture.alice)
        }
        #expect(try await fixture.scalar("SELECT count(*) FROM issue_assignees") == 0)
        #expect(try await fixture.scalar("SELECT count(*) FROM issue_events WHERE kind = 'assigned'") == 0)
    }

    @Test func theEleventhAssigneeIsRefusedNamingTheIssue() async throws {
        let fixture = try await Fixture.make()
        let ten = fixture.logins((1...10).map { "dev\($0)" })
        _ = try await fixture.issues.assign(ten, to: [fixture.number(2)], actor: fixture.alice)
        await #expect(throws: TrackerError.tooManyAssignees(issue: fixture.number(2), count: 11)) {
            try await fixture.issues.assign(
                fixture.logins(["dev11"]), to: [fixture.number(1), fixture.number(2)], actor: fixture.alice)
        }
        #expect(try await fixture.scalar("SELECT count(*) FROM issue_assignees WHERE issue_number = 1") == 0)
        #expect(try await fixture.scalar("SELECT assignee_count FROM issues WHERE number = 2") == 10)
    }

    @Test func concurrentAssignersNeverPassTen() async throws {
        let fixture = try await Fixture.make(people: 20, issues: 1)
        let settings = fixture.settings
        let results = try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 1...20 {
                group.addTask {
                    let issues = PostgresIssueRepository(database: Database(settings: settings))
                    do {
                        _ = try await issues.assign(
                            [try Login("dev\(index)")], to: [try IssueNumber(1)], actor: Login("alice"))
                        return true
                    } catch TrackerError.tooManyAssignees {
                        return false
                    }
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.filter { $0 }.count == 10)
        #expect(results.filter { !$0 }.count == 10)
        #expect(try await fixture.scalar("SELECT count(*) FROM issue_assignees WHERE issue_number = 1") == 10)
        #expect(try await fixture.scalar("SELECT assignee_count FROM issues WHERE number = 1") == 10)
        #expect(try await fixture.scalar("SELECT count(*) FROM issue_events WHERE kind = 'assigned'") == 10)
    }

    @Test func unassignSomeOrAll() async throws {
        let fixture = try await Fixture.make()
        _ = try await fixture.issues.assign(
            fixture.logins(["bob", "carol"]), to: [fixture.number(1)], actor: fixture.alice)
        let some = try await fixture.issues.unassign(
            fixture.logins(["BOB", "dev1"]), from: [fixture.number(1)], actor: fixture.alice)
        #expect(some[0].assignees.map(\.value) == ["carol"])
        let all = try await fixture.issues.unassign(nil, from: [fixture.number(1)], actor: fixture.alice)
        #expect(all[0].assignees.isEmpty)
        #expect(try await fixture.scalar("SELECT assignee_count FROM issues WHERE number = 1") == 0)
        #expect(try await fixture.scalar("SELECT count(*) FROM issue_events WHERE kind = 'unassigned'") == 2)
    }

    @Test func closeAndReopenKeepStateClosedAtAndTimelineConsistent() async throws {
        let fixture = try await Fixture.make()
        let closed = try await fixture.issues.close(fixture.number(1), reason: .notPlanned, actor: fixture.alice)
        guard case .changed(let issue) = closed else { Issue.record("expected a change"); return }
        #expect(issue.state == .closed && issue.stateReason == .notPlanned && issue.closedAt != nil)
        #expect(
            try await fixture.issues.close(fixture.number(1), reason: .completed, actor: fixture.alice)
                == .unchanged(issue))
        let reopened = try await fixture.issues.reopen(fixture.number(1), actor: fixture.alice)
        #expect(
            reopened.issue.state == .open && reopened.issue.closedAt == nil && reopened.issue.stateReason == .reopened)
        guard case .unchanged = try await fixture.issues.reopen(fixture.number(1), actor: fixture.alice) else {
            Issue.record("reopening an open issue must change nothing")
            return
        }
        let events = try await fixture.issues.details(of: fixture.number(1)).events.map(\.kind)
        #expect(events == [.created, .closed(.notPlanned), .reopened])
        await #expect(throws: TrackerError.self) {
            try await fixture.issues.close(fixture.number(99), reason: .completed, actor: fixture.alice)
        }
    }

    @Test func listFiltersStayInTheDatabase() async throws {
        let fixture = try await Fixture.make()
        _ = try await fixture.issues.assign(fixture.logins(["bob"]), to: [fixture.number(2)], actor: fixture.alice)
        _ = try await fixture.issues.create(
            try IssueDraft(title: "Crash on login", body: "The app crashes when the password is empty"),
            author: try Login("bob"))
        let list = ListIssues(issues: fixture.issues)
        #expect(try await list(IssueFilter(assignee: .user(try Login("BOB")))).issues.map(\.number.value) == [2])
        #expect(try await list(IssueFilter(assignee: .nobody)).issues.map(\.number.value) == [4, 3, 1])
        #expect(try await list(IssueFilter(author: try Login("bob"))).issues.map(\.number.value) == [4])
        #expect(try await list(IssueFilter(search: "crashing passwords")).issues.map(\.number.value) == [4])
        #expect(try await list(IssueFilter(search: "'); DROP TABLE issues; --")).issues.isEmpty)
        #expect(try await list(IssueFilter(ascending: true, limit: 2)).issues.map(\.number.value) == [1, 2])
        #expect(try await list(IssueFilter(sort: .updated)).issues.first?.number.value == 4)
        #expect(try await list(IssueFilter(sort: .updated, ascending: true)).issues.last?.number.value == 4)
    }

    @Test func suggestionsComeFromTheLoginIndex() async throws {
        let fixture = try await Fixture.make()
        #expect(try await fixture.users.suggestions(for: "alcie", limit: 3).map(\.value) == ["alice"])
        #expect(try await fixture.users.suggestions(for: "dev1", limit: 3).map(\.value) == ["dev1", "dev10", "dev11"])
        #expect(try await fixture.users.suggestions(for: "zed", limit: 3).isEmpty)
    }
}
