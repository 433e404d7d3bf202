import Postgres
import Testing
import TrackerCore
import TrackerTestSupport

@testable import TrackerPostgres

/// What only PostgreSQL shows: the schema's own limits and numbering under concurrent creates.
/// The repositories' behaviour is checked on both implementations by RepositoryContractTests.
@Suite struct RepositoryTests {
    static func database() async throws -> Database {
        let database = Database(settings: try await TestPostgres.shared.freshDatabase())
        let users = PostgresUserRepository(database: database)
        _ = try await users.add(try User(login: Login("alice"), name: "Alice Liddell"))
        _ = try await users.add(try User(login: Login("Bob")))
        return database
    }

    @Test func theSchemaEnforcesTheLimitsToo() async throws {
        let database = try await RepositoryTests.database()
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
                    try await database.withConnection { connection in _ = try connection.query(sql, parameters) }
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
        let database = try await RepositoryTests.database()
        let settings = database.settings
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
