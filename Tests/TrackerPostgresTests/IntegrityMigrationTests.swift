import Postgres
import Testing
import TrackerCore
import TrackerPostgres
import TrackerTestSupport

/// Migration 0002 on data that 0001 let in: the repairs, then rules no session can switch off.
@Suite struct IntegrityMigrationTests {
    /// A database at 0001 holding what the old escape hatch and unchecked imports allowed.
    func damagedDatabase() async throws -> Database {
        let database = Database(settings: try await TestPostgres.shared.emptyDatabase())
        try await Migrator(database: database, migrations: [Migrator.bundled[0]]).migrate()
        try await database.withConnection { connection in
            try connection.execute(
                """
                BEGIN;
                SET LOCAL tracker.bulk_import = 'on';
                INSERT INTO users (login) SELECT 'dev' || n FROM generate_series(1, 15) n;
                INSERT INTO issues (number, title, author_id, created_at, updated_at)
                VALUES (1, 'crowded', 1, '2024-01-01Z', '2024-01-01Z'),
                       (9223372036854775807, 'too high', 1, '2024-01-02Z', '2024-01-02Z'),
                       (2, 'from the future', 1, '9999-12-31 23:30:00-01', '9999-12-31 23:30:00-01');
                INSERT INTO issue_assignees (issue_number, user_id, assigned_at)
                SELECT 1, id, '2024-01-01Z'::timestamptz + id * interval '1 second' FROM users;
                INSERT INTO issue_events (issue_number, kind, actor_id)
                VALUES (9223372036854775807, 'created', 1);
                UPDATE issue_number_counter SET last_number = 9223372036854775807;
                COMMIT;
                """)
        }
        return database
    }

    @Test func repairsWhatTheOldSchemaLetIn() async throws {
        let database = try await damagedDatabase()
        try await Migrator(database: database).migrate()
        let issues = PostgresIssueRepository(database: database)

        let crowded = try await issues.details(of: try IssueNumber(1))
        #expect(crowded.issue.assignees.count == 10)
        #expect(crowded.issue.assignees.map(\.value).sorted() == (1...10).map { "dev\($0)" }.sorted())
        #expect(crowded.events.filter { if case .unassigned = $0.kind { true } else { false } }.count == 5)

        let moved = try await issues.details(of: try IssueNumber(3))
        #expect(moved.issue.title == "too high", "renumbered after the highest valid number")
        #expect(moved.events.count == 1, "its timeline followed it")

        let future = try await issues.details(of: try IssueNumber(2))
        #expect(future.issue.createdAt == Timestamp.maximum, "clamped into the readable range")

        let all = try await issues.list(IssueFilter(state: .all, limit: nil))
        #expect(all.count == 3, "every issue can be read back")
        let created = try await issues.create(try IssueDraft(title: "after the repair"), author: try Login("dev1"))
        #expect(created.number.value == 4, "create works again")
        let cleared = try await issues.unassign(nil, from: [try IssueNumber(1)], actor: try Login("dev1"))
        #expect(cleared.first?.assignees.isEmpty == true, "the recomputed count lets unassign --all work")
    }

    @Test func noSessionSettingSkipsTheAssigneeCount() async throws {
        let database = Database(settings: try await TestPostgres.shared.freshDatabase())
        let users = PostgresUserRepository(database: database)
        for index in 1...11 { _ = try await users.add(try User(login: Login("dev\(index)"))) }
        let issues = PostgresIssueRepository(database: database)
        _ = try await issues.create(try IssueDraft(title: "one"), author: try Login("dev1"))
        do {
            try await database.withConnection { connection in
                try connection.execute(
                    """
                    BEGIN;
                    SET LOCAL tracker.bulk_import = 'on';
                    SET LOCAL session_replication_role = DEFAULT;
                    INSERT INTO issue_assignees (issue_number, user_id) SELECT 1, id FROM users;
                    COMMIT;
                    """)
            }
            Issue.record("11 assignees were accepted with tracker.bulk_import on")
        } catch {
            #expect((error as? PostgresError)?.constraint == "issues_assignee_limit")
        }
    }

    @Test func timesAndNumbersOutsideTheRangeAreRefusedByTheSchema() async throws {
        let database = Database(settings: try await TestPostgres.shared.freshDatabase())
        _ = try await PostgresUserRepository(database: database).add(try User(login: Login("alice")))
        for (number, time) in [("9007199254740992", "2024-01-01Z"), ("5", "10000-01-01Z"), ("6", "0001-12-31 BC")] {
            await #expect(throws: PostgresError.self) {
                try await database.withConnection { connection in
                    try connection.query(
                        "INSERT INTO issues (number, title, author_id, created_at) VALUES ($1::bigint, 'x', 1, $2)",
                        [number, time])
                }
            }
        }
    }
}
