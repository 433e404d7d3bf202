import Foundation
import Postgres
import Testing
import TrackerCore
import TrackerPostgres
import TrackerTestSupport

/// Generated strings (random Unicode, NULs, controls, escape sequences, SQL look-alikes): every
/// string the core accepts round-trips through PostgreSQL byte for byte; every string it refuses
/// never reaches the database; and as filter values they change nothing.
@Suite struct PropertyRoundTripTests {
    static let fragments: [String] = [
        "a", "Z", "7", " ", "  ", "\t", "\n", "\r\n", "\u{0}", "\u{1B}[31m", "\u{1B}]0;title\u{7}", "\u{9B}2J",
        "\u{7F}",
        "\u{85}", "\u{A0}", "\u{2028}", "é", "e\u{301}", "🐘", "👩‍👩‍👧", "中文", "עברית", "'", "\"", "\\", "%", "_",
        "'); DROP TABLE issues; --", "$1", "{\"a\": [1]}", "NULL", "\u{FEFF}", "\u{10FFFF}",
    ]

    static func string(_ rng: inout SeededGenerator) -> String {
        let count = Int.random(in: 0...12, using: &rng)
        return (0..<count).map { _ in fragments.randomElement(using: &rng)! }.joined()
    }

    @Test func acceptedStringsRoundTripAndRefusedOnesNeverArrive() async throws {
        let database = Database(settings: try await TestPostgres.shared.freshDatabase())
        let issues = PostgresIssueRepository(database: database)
        let users = PostgresUserRepository(database: database)
        let author = try await users.add(try User(login: Login("author"))).login
        let create = CreateIssue(issues: issues, users: users)
        var rng = SeededGenerator(seed: 20_261_121)
        var accepted = 0
        var refused = 0
        for _ in 0..<300 {
            let title = PropertyRoundTripTests.string(&rng)
            let body = PropertyRoundTripTests.string(&rng)
            let before = try await issues.list(IssueFilter(state: .all, limit: nil)).count
            guard let draft = try? IssueDraft(title: title, body: body) else {
                refused += 1
                #expect(try await issues.list(IssueFilter(state: .all, limit: nil)).count == before)
                continue
            }
            accepted += 1
            let created = try await create(draft, author: author)
            let stored = try await issues.details(of: created.number).issue
            #expect(Array(stored.title.utf8) == Array(draft.title.utf8))
            #expect(Array(stored.body.utf8) == Array(body.utf8))
            #expect(title.contains(draft.title), "the title is only trimmed")

            // The same text as every filter value changes nothing and finds only what matches.
            let found = try await issues.list(IssueFilter(state: .all, search: title, limit: nil))
            #expect(found.count <= before + 1)
            if let login = try? Login(title) {
                #expect(try await issues.list(IssueFilter(state: .all, assignee: .user(login))).isEmpty)
                #expect(
                    try await issues.list(IssueFilter(state: .all, author: login)).allSatisfy { $0.author == login })
            }
            #expect(try await users.list(prefix: title, limit: nil).count <= 1)
        }
        #expect(accepted > 50 && refused > 50, "the generator exercises both sides: \(accepted)/\(refused)")
        #expect(try await issues.list(IssueFilter(state: .all, limit: nil)).count == accepted)
        #expect(try await users.list(prefix: nil, limit: nil).map(\.login.value) == ["author"])
    }

    @Test func generatedNamesRoundTripOrAreRefused() async throws {
        let database = Database(settings: try await TestPostgres.shared.freshDatabase())
        let users = PostgresUserRepository(database: database)
        var rng = SeededGenerator(seed: 42)
        for index in 0..<150 {
            let name = PropertyRoundTripTests.string(&rng)
            guard let user = try? User(login: Login("user\(index)"), name: name) else {
                #expect(try await users.find(try Login("user\(index)")) == nil)
                continue
            }
            _ = try await users.add(user)
            #expect(Array(try #require(try await users.find(user.login)).name.utf8) == Array(user.name.utf8))
        }
    }
}
