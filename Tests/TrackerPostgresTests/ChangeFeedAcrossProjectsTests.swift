import Postgres
import Testing
import TrackerCore
import TrackerPostgres
import TrackerTestSupport

/// `watch --all-projects`: the feed read in every project in one snapshot and merged, so pages of
/// any size hand out every project's changes once each, in the feed's order.
@Suite struct ChangeFeedAcrossProjectsTests {
    @Test func pagesOfEveryProjectMergeInTheFeedsOrderWithNothingMissedOrRepeated() async throws {
        let settings = try await TestPostgres.shared.freshDatabase()
        let database = Database(settings: settings)
        let alice = try Login("alice")
        _ = try await PostgresUserRepository(database: database).add(try User(login: alice))
        let projects = PostgresProjectRepository(database: database)
        var sessions = [("", PostgresIssueRepository(database: database))]
        for key in ["api", "web"] {
            _ = try await projects.create(Project(key: try ProjectKey(key), name: key), remoteOffered: false)
            let inProject = Database(
                settings: settings, variables: [SessionVariable(name: "tracker.project", value: key)])
            sessions.append((key, PostgresIssueRepository(database: inProject)))
        }
        for round in 1...4 {
            for (key, issues) in sessions.shuffled() {
                _ = try await issues.create(try IssueDraft(title: "\(key) \(round)"), author: alice)
            }
        }
        let expected = try await database.withConnection { connection in
            try connection.query(
                "SELECT p.key || '#' || e.issue_number FROM all_issue_events e JOIN projects p ON p.id = e.project_id "
                    + "ORDER BY e.xact, e.id"
            ).rows.map { try $0.decode(0, as: String.self) }
        }
        #expect(expected.count == 12)

        var filter = ChangeFilter()
        filter.allProjects = true
        let subscription = try await PostgresChangeFeed(database: database).subscribe(filter)
        var position = try await subscription.position(of: .beginning)
        var seen: [String] = []
        for _ in 0..<10 {
            let batch = try await subscription.changes(after: position, limit: 5)
            seen += batch.changes.map { "\($0.project?.value ?? "?")\($0.issue)" }
            position = batch.next
            if batch.changes.isEmpty { break }
        }
        await subscription.close()
        let defaultKey = try await projects.current().key.value
        #expect(seen == expected.map { $0.hasPrefix("#") ? defaultKey + $0 : $0 })
        #expect(Set(seen.map { $0.split(separator: "#")[0] }).count == 3, "every project's changes")
    }
}
