import Foundation
import Postgres
import Synchronization
import Testing
import TrackerCore
import TrackerTestSupport

@testable import TrackerPostgres

/// The list queries stay index-backed, keyset pages see every issue once, and import/export
/// round-trip.
@Suite struct ScaleTests {
    /// One seeded database (5,000 issues) shared by the plan checks.
    static let seeded = SeededDatabase()

    actor SeededDatabase {
        private var settings: String?
        func get() async throws -> String {
            if let settings { return settings }
            let fresh = try await TestPostgres.shared.freshDatabase()
            try SeedData.seed(5_000, settings: fresh)
            settings = fresh
            return fresh
        }
    }

    func plan(_ filter: IssueFilter, settings: String) throws -> String {
        let query = IssueListQuery(filter)
        return try Connection(settings: settings).query("EXPLAIN " + query.sql, query.parameters).rows
            .map { try $0.decode(0, as: String.self) }.joined(separator: "\n")
    }

    @Test func everyFirstPageIsIndexBacked() async throws {
        let settings = try await ScaleTests.seeded.get()
        let user = try Login("user7")
        let words: String = try Connection(settings: settings).query(
            "SELECT split_part(body, ' ', 1) || ' ' || split_part(body, ' ', 2) FROM issues WHERE number = 4321"
        ).rows[0].decode(0)
        let commentWords: String = try Connection(settings: settings).query(
            "SELECT split_part(body, ' ', 2) || ' ' || split_part(body, ' ', 3) FROM issue_comments ORDER BY id LIMIT 1"
        ).rows[0].decode(0)
        let filters: [(String, IssueFilter)] = [
            ("default", IssueFilter()),
            ("assignee", IssueFilter(assignee: .user(user))),
            ("assignee none", IssueFilter(assignee: .nobody)),
            ("author", IssueFilter(author: user)),
            ("search", IssueFilter(search: words)),
            ("closed by author, updated", IssueFilter(state: .closed, author: user, sort: .updated)),
            ("all, updated", IssueFilter(state: .all, sort: .updated)),
            ("oldest first", IssueFilter(state: .all, ascending: true)),
            ("deep page", IssueFilter(copying: IssueFilter(state: .all, limit: 30), after: try IssueNumber(150))),
            ("mention", IssueFilter(mention: user)),
            ("mention, all states", IssueFilter(state: .all, mention: user, sort: .updated)),
            ("search in comments", IssueFilter(state: .all, search: commentWords)),
            ("two labels", IssueFilter(state: .all, labels: [try LabelName("label3"), try LabelName("label7")])),
            ("one label, open", IssueFilter(labels: [try LabelName("label5")])),
            ("milestone", IssueFilter(state: .all, milestone: .titled(try MilestoneTitle("Milestone 4")))),
            ("milestone, open", IssueFilter(milestone: .titled(try MilestoneTitle("Milestone 9")))),
            ("no milestone", IssueFilter(milestone: .noMilestone)),
            (
                "label and milestone",
                IssueFilter(
                    state: .all, labels: [try LabelName("label2")],
                    milestone: .titled(try MilestoneTitle("Milestone 2")))
            ),
        ]
        for (name, filter) in filters {
            let text = try plan(filter, settings: settings)
            #expect(!text.contains("Seq Scan on issues"), "\(name):\n\(text)")
            #expect(!text.contains("Seq Scan on issue_"), "\(name):\n\(text)")
        }
    }

    @Test func statusAndCommentsAreIndexBacked() async throws {
        let settings = try await ScaleTests.seeded.get()
        let connection = try Connection(settings: settings)
        let seededComments: Int = try connection.query("SELECT count(*)::int FROM issue_comments").rows[0].decode(0)
        let seededMentions: Int = try connection.query("SELECT count(*)::int FROM issue_mentions").rows[0].decode(0)
        #expect(seededComments > 5_000, "the seed gives issues comments")
        #expect(seededMentions > 500, "and some of them mention people")
        let plans = [
            ("status", "EXPLAIN " + IssueStatusQuery.sql, ["user7", 5] as [any PostgresEncodable]),
            (
                "comments of an issue", "EXPLAIN " + CommentRows.select + " WHERE c.issue_number = $1 ORDER BY c.id",
                [4321]
            ),
        ]
        for (name, sql, parameters) in plans {
            let text = try connection.query(sql, parameters).rows.map { try $0.decode(0, as: String.self) }
                .joined(separator: "\n")
            #expect(!text.contains("Seq Scan on issue"), "\(name):\n\(text)")
        }
    }

    @Test func keysetPagesSeeEveryIssueOnceWhileIssuesAreCreated() async throws {
        let database = Database(settings: try await TestPostgres.shared.freshDatabase())
        let issues = PostgresIssueRepository(database: database)
        let users = PostgresUserRepository(database: database)
        let author = try await users.add(try User(login: Login("alice"))).login
        for index in 1...95 { _ = try await issues.create(try IssueDraft(title: "Issue \(index)"), author: author) }
        let settings = database.settings
        let writer = Task {
            let other = PostgresIssueRepository(database: Database(settings: settings))
            for index in 1...40 { _ = try await other.create(try IssueDraft(title: "New \(index)"), author: author) }
        }
        var seen: [Int64] = []
        var filter = IssueFilter(limit: 10)
        while true {
            let page = try await ListIssues(issues: issues)(filter)
            seen += page.issues.map(\.number.value)
            guard page.hasMore, let last = page.issues.last else { break }
            filter.after = last.number
        }
        try await writer.value
        #expect(Set(seen).count == seen.count, "no issue twice")
        #expect(Set(1...95).isSubset(of: Set(seen)), "every issue that existed at the start")
    }

    @Test func exportThenImportIntoAnEmptyTrackerGivesTheSameIssues() async throws {
        let source = try await TestPostgres.shared.freshDatabase()
        try SeedData.seed(300, settings: source)
        let sourceIssues = PostgresIssueRepository(database: Database(settings: source))
        let exported = Mutex<[TrackerCore.Issue]>([])
        try await sourceIssues.stream(IssueFilter(state: .all, ascending: true, limit: nil)) { issue in
            exported.withLock { $0.append(issue) }
        }
        let originals = exported.withLock { $0 }
        #expect(originals.count == 300)

        let records = try originals.map { issue in
            var record = try ImportedIssue(
                number: issue.number.value, title: issue.title, body: issue.body, state: issue.state,
                stateReason: issue.stateReason, author: issue.author, assignees: issue.assignees,
                createdAt: issue.createdAt, updatedAt: issue.updatedAt, closedAt: issue.closedAt)
            record.labels = issue.labels
            record.milestone = try issue.milestone.map { milestone in
                try ImportedMilestone(
                    number: milestone.number, title: milestone.title, description: milestone.description,
                    dueOn: milestone.dueOn, state: milestone.state)
            }
            return record
        }
        #expect(originals.contains { !$0.labels.isEmpty } && originals.contains { $0.milestone != nil })
        let target = Database(settings: try await TestPostgres.shared.freshDatabase())
        let targetIssues = PostgresIssueRepository(database: target)
        let importer = try Login("importer")
        _ = try await PostgresUserRepository(database: target).add(try User(login: importer))
        let result = try await ImportIssues(issues: targetIssues)(records, actor: importer)
        #expect(result.count == 300 && result.renumbered.isEmpty)
        let imported = try await targetIssues.list(IssueFilter(state: .all, ascending: true, limit: nil))
        #expect(imported == originals)
        let assigneeCounts = try await target.withConnection { connection in
            try connection.query(
                "SELECT count(*) FROM issues WHERE assignee_count <> (SELECT count(*) FROM issue_assignees a WHERE a.issue_number = number)"
            ).rows[0].decode(0, as: Int.self)
        }
        #expect(assigneeCounts == 0, "the statement trigger kept assignee_count right")
        let next = try await CreateIssue(issues: targetIssues, users: PostgresUserRepository(database: target))(
            try IssueDraft(title: "After import"), author: originals[0].author)
        #expect(next.number.value == 301)

        let skipped = try await ImportIssues(issues: targetIssues)(Array(records.prefix(2)), actor: importer)
        #expect(skipped == ImportResult(count: 0, skipped: 2, renumbered: []), "already imported")
        var others = Array(records.prefix(2))
        for index in others.indices { others[index].title += " (another copy)" }
        let again = try await ImportIssues(issues: targetIssues)(others, actor: importer)
        #expect(again.renumbered.map(\.new) == [302, 303], "a non-empty tracker numbers imports anew")
    }
}

extension IssueFilter {
    init(copying filter: IssueFilter, after: IssueNumber) {
        self = filter
        self.after = after
    }
}
