import Postgres
import Testing
import TrackerCore
import TrackerPostgres
import TrackerTestSupport

/// Migration 0011 over a tracker an old import left with a comment id at the very top: the
/// comment is renumbered with its timeline line and mentions, and new comments and milestones
/// take their numbers from the counters.
@Suite struct CountersMigrationTests {
    @Test func aCommentIdAtTheTopIsRenumberedAndCommentingWorksAgain() async throws {
        let database = Database(settings: try await TestPostgres.shared.emptyDatabase())
        let before = Migrator.bundled.filter { $0.version < 11 }
        try await Migrator(database: database, migrations: before).migrate()
        try await database.withConnection { connection in
            try connection.execute(
                """
                INSERT INTO users (login) VALUES ('alice'), ('bob');
                INSERT INTO milestones (number, title) VALUES (2147483647, 'v9');
                INSERT INTO issues (number, title, author_id, milestone_number) VALUES (1, 'Old', 1, 2147483647);
                UPDATE issue_number_counter SET last_number = 1;
                INSERT INTO issue_comments (id, issue_number, author_id, body) VALUES
                    (7, 1, 1, 'first'), (9007199254740991, 1, 1, 'hi @bob'), (9007199254740990, 1, 2, 'second');
                INSERT INTO issue_events (issue_number, kind, actor_id, comment_id) VALUES
                    (1, 'commented', 1, 7), (1, 'commented', 2, 9007199254740990), (1, 'commented', 1, 9007199254740991);
                INSERT INTO issue_mentions (issue_number, user_id, comment_id) VALUES (1, 2, 9007199254740991);
                """)
        }
        try await Migrator(database: database).migrate()
        let details = try await PostgresIssueRepository(database: database).details(of: try IssueNumber(1))
        #expect(details.comments.map(\.id.value) == [7, 8, 9], "renumbered in their order, after the others")
        #expect(details.comments.map(\.body) == ["first", "second", "hi @bob"])
        #expect(
            details.events.map(\.kind) == [
                .commented(try CommentID(7)), .commented(try CommentID(8)), .commented(try CommentID(9)),
            ])
        let bob = try Login("bob")
        let mentioned = try await PostgresIssueRepository(database: database).list(IssueFilter(mention: bob))
        #expect(mentioned.map(\.number.value) == [1])

        let comment = try await PostgresCommentRepository(database: database).add(
            "new", to: try IssueNumber(1), author: try Login("alice"))
        #expect(comment.id.value == 10)
        let milestone = try await PostgresMilestoneRepository(database: database).create(
            title: try MilestoneTitle("v10"), description: "", dueOn: nil)
        #expect(milestone.number.value == 2_147_483_648)
    }
}
