import Postgres
import Testing
import TrackerCore
import TrackerPostgres
import TrackerTestSupport

/// What only PostgreSQL has: the assignment race, the assignee count the triggers keep, and
/// English search (stemming, stop words). The assignee and lifecycle rules themselves are
/// checked on both implementations by RepositoryContractTests.
@Suite struct LifecycleRepositoryTests {
    struct Fixture {
        let settings: String
        let database: Database
        let issues: PostgresIssueRepository
        let alice: Login

        static func make(people: Int = 12, issues count: Int = 3) async throws -> Fixture {
            let settings = try await TestPostgres.shared.freshDatabase()
            let database = Database(settings: settings)
            let users = PostgresUserRepository(database: database)
            let fixture = Fixture(
                settings: settings, database: database, issues: PostgresIssueRepository(database: database),
                alice: try Login("alice"))
            for name in ["alice", "bob", "carol"] + (1...people).map({ "dev\($0)" }) {
                _ = try await users.add(try User(login: Login(name)))
            }
            for index in 1...count {
                _ = try await fixture.issues.create(try IssueDraft(title: "Issue \(index)"), author: fixture.alice)
            }
            return fixture
        }

        func number(_ value: Int64) throws -> IssueNumber { try IssueNumber(value) }
        func logins(_ names: [String]) throws -> [Login] { try names.map { try Login($0) } }

        func scalar(_ sql: String) async throws -> Int {
            try await database.withConnection { try $0.query(sql).rows[0].decode(0, as: Int.self) }
        }
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

    @Test func theAssigneeCountFollowsEveryChangeAndRefusal() async throws {
        let fixture = try await Fixture.make()
        let ten = try fixture.logins((1...10).map { "dev\($0)" })
        _ = try await fixture.issues.assign(ten, to: [try fixture.number(2)], actor: fixture.alice)
        await #expect(throws: TrackerError.tooManyAssignees(issue: try fixture.number(2), count: 11)) {
            try await fixture.issues.assign(
                try fixture.logins(["dev11"]), to: [try fixture.number(1), try fixture.number(2)], actor: fixture.alice)
        }
        #expect(try await fixture.scalar("SELECT count(*) FROM issue_assignees WHERE issue_number = 1") == 0)
        #expect(try await fixture.scalar("SELECT assignee_count FROM issues WHERE number = 2") == 10)
        _ = try await fixture.issues.assign(
            try fixture.logins(["bob", "carol"]), to: [try fixture.number(1)], actor: fixture.alice)
        _ = try await fixture.issues.unassign(
            try fixture.logins(["BOB", "dev1"]), from: [try fixture.number(1)], actor: fixture.alice)
        #expect(try await fixture.scalar("SELECT assignee_count FROM issues WHERE number = 1") == 1)
        _ = try await fixture.issues.unassign(nil, from: [try fixture.number(1)], actor: fixture.alice)
        #expect(try await fixture.scalar("SELECT assignee_count FROM issues WHERE number = 1") == 0)
        #expect(try await fixture.scalar("SELECT count(*) FROM issue_events WHERE kind = 'unassigned'") == 2)
    }

    /// English stemming on top of the contract's rules (SearchContractTests); stop words are
    /// words like any other, so only a word too long to index is ever left out of a search.
    @Test func searchStemsEnglishWordsKeepsStopWordsAndReportsWordsTooLongToIndex() async throws {
        let fixture = try await Fixture.make()
        _ = try await fixture.issues.create(
            try IssueDraft(title: "Crash on login", body: "The app crashes when the password is empty"),
            author: try Login("bob"))
        let list = ListIssues(issues: fixture.issues)
        #expect(try await list(IssueFilter(search: "crashing passwords")).issues.map(\.number.value) == [4])
        #expect(try await list(IssueFilter(search: "\"crashed on logins\"")).issues.map(\.number.value) == [4])
        let withStopWords = try await list(IssueFilter(search: "\"the password IS\""))
        #expect(withStopWords.issues.map(\.number.value) == [4])
        #expect(withStopWords.ignoredSearchWords.isEmpty)
        #expect(try await list(IssueFilter(search: "\"the app is\"")).issues.isEmpty, "a phrase keeps its stop words")
        let long = String(repeating: "a", count: 2048)
        #expect(try await fixture.issues.ignoredSearchWords(in: "the crash \(long) \(long)") == [long])
    }
}
