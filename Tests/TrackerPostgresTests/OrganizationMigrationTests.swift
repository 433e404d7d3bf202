import Postgres
import Testing
import TrackerCore
import TrackerPostgres
import TrackerTestSupport

/// Migration 0004 over a tracker with history, and milestone counts that stay equal to a recount
/// whatever concurrent changes do.
@Suite struct OrganizationMigrationTests {
    @Test func issuesAndTimelinesWrittenBeforeOrganizationStillRead() async throws {
        let database = Database(settings: try await TestPostgres.shared.emptyDatabase())
        try await Migrator(database: database, migrations: Array(Migrator.bundled.prefix(3))).migrate()
        try await database.withConnection { connection in
            try connection.execute(
                """
                INSERT INTO users (login) VALUES ('alice');
                INSERT INTO issues (number, title, body, author_id, state, state_reason, closed_at)
                VALUES (1, 'Old', 'from 0003', 1, 'closed', 'completed', now());
                INSERT INTO issue_events (issue_number, kind, actor_id) VALUES (1, 'created', 1);
                INSERT INTO issue_events (issue_number, kind, actor_id, state_reason) VALUES (1, 'closed', 1, 'completed');
                UPDATE issue_number_counter SET last_number = 1;
                """)
        }
        try await Migrator(database: database).migrate()
        let details = try await PostgresIssueRepository(database: database).details(of: try IssueNumber(1))
        #expect(details.issue.labels.isEmpty && details.issue.milestone == nil)
        #expect(details.events.count == 2)
    }

    @Test func countsMatchARecountAfterConcurrentChanges() async throws {
        let database = Database(settings: try await TestPostgres.shared.freshDatabase())
        let issues = PostgresIssueRepository(database: database)
        let milestones = PostgresMilestoneRepository(database: database)
        let alice = try await PostgresUserRepository(database: database).add(try User(login: Login("alice"))).login
        let titles = try ["v1", "v2", "v3"].map { try MilestoneTitle($0) }
        for title in titles { _ = try await milestones.create(title: title, description: "", dueOn: nil) }
        for index in 0..<30 {
            _ = try await issues.create(
                try IssueDraft(title: "Issue \(index)", milestone: titles[index % 3]), author: alice)
        }
        // Closing, reopening and moving issues between milestones, 20 at a time.
        try await withThrowingTaskGroup(of: Void.self) { group in
            for worker in 0..<20 {
                group.addTask {
                    for step in 0..<6 {
                        let number = try IssueNumber(Int64(1 + (worker * 7 + step * 5) % 30))
                        switch step % 3 {
                        case 0: _ = try await issues.close(number, reason: .completed, actor: alice)
                        case 1:
                            let edit = try IssueEdit(milestone: .set(titles[(worker + step) % 3]))
                            _ = try await issues.edit([number], edit, read: nil, actor: alice)
                        default: _ = try await issues.reopen(number, actor: alice)
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        let mismatches: Int = try await database.withConnection { connection in
            try connection.query(
                """
                SELECT count(*)::int FROM milestones m
                 WHERE m.open_issues <> (SELECT count(*) FROM issues i WHERE i.milestone_number = m.number AND i.state = 'open')
                    OR m.closed_issues <> (SELECT count(*) FROM issues i WHERE i.milestone_number = m.number AND i.state = 'closed')
                """
            ).rows[0].decode(0)
        }
        #expect(mismatches == 0)
        let total = try await milestones.list(state: nil).reduce(Int64(0)) { $0 + $1.openIssues + $1.closedIssues }
        #expect(total == 30)
    }
}
