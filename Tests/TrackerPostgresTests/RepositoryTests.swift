import Foundation
import Postgres
import Testing
import TrackerCore
import TrackerTestSupport

@testable import TrackerPostgres

@Suite struct RepositoryTests {
    struct Fixture {
        let database: Database
        let issues: PostgresIssueRepository
        let users: PostgresAssigneeRepository
        let alice: Login

        static func make() async throws -> Fixture {
            let database = Database(settings: try await TestPostgres.shared.freshDatabase())
            let users = PostgresAssigneeRepository(database: database)
            let alice = try Login("alice")
            _ = try await users.add(try User(login: alice, name: "Alice Liddell"))
            _ = try await users.add(try User(login: Login("Bob")))
            return Fixture(
                database: database, issues: PostgresIssueRepository(database: database), users: users, alice: alice)
        }

        func count(_ table: String) async throws -> Int {
            try await database.withConnection { connection in
                try connection.query("SELECT count(*) FROM \(table)").rows[0].decode(0, as: Int.self)
            }
        }
    }

    @Test func createRoundTripsEveryColumn() async throws {
        let fixture = try await Fixture.make()
        let before = Date()
        let body = "Line one\nLine two with 'quotes', \"doubles\", \\ and 🐘\n\tindented"
        let draft = try IssueDraft(title: "  Login fails  ", body: body, assignees: [try Login("bob")])
        let created = try await fixture.issues.create(draft, author: try Login("ALICE"))
        #expect(created.number.value == 1)
        #expect(created.title == "Login fails")
        #expect(created.body == body)
        #expect(created.state == .open)
        #expect(created.stateReason == nil)
        #expect(created.closedAt == nil)
        #expect(created.author.value == "alice", "the stored spelling of the login is shown")
        #expect(created.assignees.map(\.value) == ["Bob"])
        #expect(abs(created.createdAt.seconds(since: Timestamp(before))) < 60)
        #expect(created.updatedAt == created.createdAt)

        let listed = try await fixture.issues.list(IssueFilter(state: .all))
        #expect(listed == [created])
        #expect(try await fixture.count("issue_events") == 2, "created + assigned")
    }

    @Test func listFiltersByStateNewestFirstWithALimit() async throws {
        let fixture = try await Fixture.make()
        for title in ["One", "Two", "Three"] {
            _ = try await fixture.issues.create(try IssueDraft(title: title), author: fixture.alice)
        }
        try await fixture.database.withConnection { connection in
            try connection.query("UPDATE issues SET state = 'closed', closed_at = now() WHERE number = $1", [Int64(2)])
        }
        #expect(try await fixture.issues.list(IssueFilter()).map(\.title) == ["Three", "One"])
        #expect(try await fixture.issues.list(IssueFilter(state: .closed)).map(\.title) == ["Two"])
        let closed = try await fixture.issues.list(IssueFilter(state: .closed))[0]
        #expect(closed.state == .closed && closed.closedAt != nil)
        #expect(try await fixture.issues.list(IssueFilter(state: .all, limit: 2)).map(\.title) == ["Three", "Two"])
        #expect(try await fixture.issues.list(IssueFilter(state: .all, limit: nil)).count == 3)
    }

    @Test func aFailedCreateWritesNothingAndUsesUpNoNumber() async throws {
        let fixture = try await Fixture.make()
        await #expect(throws: TrackerError.self) {
            try await fixture.issues.create(
                try IssueDraft(title: "Assigned to a stranger", assignees: [try Login("mallory")]),
                author: fixture.alice)
        }
        #expect(try await fixture.count("issues") == 0)
        #expect(try await fixture.count("issue_events") == 0)
        let next = try await fixture.issues.create(try IssueDraft(title: "First"), author: fixture.alice)
        #expect(next.number.value == 1)
    }

    @Test func aDuplicateLoginInAnotherCaseIsRefused() async throws {
        let fixture = try await Fixture.make()
        await #expect(
            throws: TrackerError.invalidInput(
                field: "login", rule: "'ALICE' is already registered (logins ignore case)")
        ) {
            try await fixture.users.add(try User(login: Login("ALICE")))
        }
        #expect(try await fixture.users.list(prefix: nil, limit: nil).map(\.login.value) == ["alice", "Bob"])
        #expect(try await fixture.users.list(prefix: "B", limit: nil).map(\.name) == [""])
        #expect(try await fixture.users.list(prefix: "%", limit: nil).isEmpty, "LIKE wildcards are literal")
        #expect(try await fixture.users.find(try Login("BOB"))?.login.value == "Bob")
        #expect(try await fixture.users.addIfMissing(try User(login: Login("bob"))).login.value == "Bob")
    }

    @Test func theSchemaEnforcesTheLimitsToo() async throws {
        let fixture = try await Fixture.make()
        let violations: [(String, [any PostgresEncodable], String)] = [
            ("INSERT INTO users (login) VALUES ($1)", ["-bad-"], "users_login_format"),
            ("INSERT INTO users (login) VALUES ($1)", ["ALICE"], "users_login_key"),
            (
                "INSERT INTO issues (number, title, author_id) VALUES (1, $1, 1)", [String(repeating: "x", count: 257)],
                "issues_title_length"
            ),
            (
                "INSERT INTO issues (number, title, author_id) VALUES (1, $1, 1)", ["bell\u{7}"],
                "issues_title_no_control"
            ),
            ("INSERT INTO issues (number, title, author_id) VALUES (1, $1, 1)", [" padded"], "issues_title_trimmed"),
            (
                "INSERT INTO issues (number, title, body, author_id) VALUES (1, 't', $1, 1)",
                [String(repeating: "b", count: 65_537)], "issues_body_length"
            ),
        ]
        for (sql, parameters, constraint) in violations {
            await #expect(
                performing: {
                    try await fixture.database.withConnection { connection in _ = try connection.query(sql, parameters)
                    }
                },
                throws: { error in
                    (error as? PostgresError)?.constraint == constraint
                })
        }
        // Each constraint maps to the field a person would fix.
        for (_, _, constraint) in violations {
            let error = PostgresError(
                kind: .statement, sqlState: SQLState.checkViolation, message: "x", constraint: constraint)
            guard case .invalidInput = error.trackerError else {
                Issue.record("\(constraint) is not mapped to a field")
                continue
            }
        }
    }

    @Test func concurrentCreatesGetUniqueConsecutiveNumbers() async throws {
        let fixture = try await Fixture.make()
        let settings = await fixture.database.settings
        let numbers = try await withThrowingTaskGroup(of: Int64.self) { group in
            for index in 0..<20 {
                group.addTask {
                    let issues = PostgresIssueRepository(database: Database(settings: settings))
                    return try await issues.create(try IssueDraft(title: "Issue \(index)"), author: Login("alice"))
                        .number.value
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(numbers.sorted() == Array(1...20))
    }
}
