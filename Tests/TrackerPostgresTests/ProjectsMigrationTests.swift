import Postgres
import Testing
import TrackerCore
import TrackerTestSupport

@testable import TrackerPostgres

/// Migration 0022 puts an existing tracker into a default project keyed by the database's name,
/// keeping every number: tried on a tracker holding what every earlier migration stores (users
/// with names, labels, milestones, assignees, comments and mentions, edits and their versions,
/// the trash, an import, sub-issues, dependencies, a duplicate, priorities and due dates, undone
/// changes), compared row by row before and after.
@Suite struct ProjectsMigrationTests {
    static let tables = [
        "issues", "issue_assignees", "issue_labels", "issue_events", "issue_comments", "issue_mentions",
        "issue_revisions", "comment_revisions", "issue_dependencies", "labels", "milestones", "issue_number_counter",
        "changes", "imports", "users", "id_counters",
    ]

    @Test func aTrackerFromEveryEarlierMigrationKeepsEveryRowAndNumber() async throws {
        let settings = try await TestPostgres.shared.emptyDatabase()
        let database = Database(settings: settings)
        try await Migrator(database: database, migrations: Migrator.bundled.filter { $0.version < 22 }).migrate()
        try await Self.fill(database)
        let before = try await Self.rows(database)
        #expect(before["issues"]?.split(separator: "\n").count == 6)
        #expect(before["changes"]?.contains("(") == true)

        try await Migrator(database: database).migrate()
        let after = try await Self.rows(database)
        for table in Self.tables { #expect(after[table] == before[table], "\(table) kept every row as it was") }

        let alice = try Login("alice")
        let issues = PostgresIssueRepository(database: database)
        let next = try await issues.create(try IssueDraft(title: "After the upgrade"), author: alice)
        #expect(next.number.value == 7, "the default project's numbers go on")
        let inWeb = Database(
            settings: settings, variables: [SessionVariable(name: "tracker.project", value: "web")])
        let web = try await PostgresProjectRepository(database: database).create(
            Project(key: try ProjectKey("web"), name: "Web"), remoteOffered: false)
        #expect(web.remote == nil)
        let first = try await PostgresIssueRepository(database: inWeb).create(
            try IssueDraft(title: "Web's first"), author: alice)
        #expect(first.number.value == 1, "a new project numbers from 1")
        let defaultProject = try await PostgresProjectRepository(database: database).current()
        let databaseName = try await database.withConnection { connection in
            try connection.query("SELECT current_database()").rows[0].decode(0, as: String.self)
        }
        #expect(defaultProject.isDefault && defaultProject.key.value == databaseName.lowercased())
    }

    /// Every key, unique index and foreign key of a project's table starts with project_id, so
    /// each could be distributed by project (Citus): the scaling note in ARCHITECTURE.md.
    @Test func everyKeyOfAProjectsTableLeadsWithTheProject() async throws {
        let database = Database(settings: try await TestPostgres.shared.freshDatabase())
        let offending = try await database.withConnection { connection in
            try connection.query(
                """
                SELECT c.conrelid::regclass::text || ' ' || c.conname FROM pg_constraint c
                 WHERE c.connamespace = 'tracker'::regnamespace AND c.contype IN ('p', 'u', 'f')
                   AND c.conrelid::regclass::text LIKE 'all\\_%'
                   AND (SELECT attname FROM pg_attribute WHERE attrelid = c.conrelid AND attnum = c.conkey[1]) <> 'project_id'
                   AND NOT (c.contype = 'f' AND c.confrelid::regclass::text IN ('users', 'projects'))
                UNION ALL
                SELECT i.indexrelid::regclass::text FROM pg_index i
                 WHERE i.indrelid::regclass::text LIKE 'all\\_%' AND i.indisunique
                   AND (SELECT attname FROM pg_attribute WHERE attrelid = i.indrelid AND attnum = i.indkey[0])
                       IS DISTINCT FROM 'project_id'
                """
            ).rows.map { try $0.decode(0, as: String.self) }
        }
        #expect(offending == [])
    }

    static func rows(_ database: Database) async throws -> [String: String] {
        try await database.withConnection { connection in
            var rows: [String: String] = [:]
            for table in tables {
                rows[table] = try connection.query(
                    "SELECT coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '') FROM tracker.\(table) t"
                ).rows[0].decode(0)
            }
            return rows
        }
    }

    static func fill(_ database: Database) async throws {
        let alice = try Login("alice")
        let bob = try Login("bob")
        let users = PostgresUserRepository(database: database)
        _ = try await users.add(try User(login: alice, name: "Alice A."), role: nil)
        _ = try await users.add(try User(login: bob), role: nil)
        _ = try await PostgresLabelRepository(database: database).create(try Label(name: LabelName("bug")))
        _ = try await PostgresMilestoneRepository(database: database).create(
            title: try MilestoneTitle("v1"), description: "First", dueOn: nil)
        let issues = PostgresIssueRepository(database: database)
        var imported = try ImportedIssue(
            number: 1, title: "Imported", body: "From gh @bob", state: .open, stateReason: nil, author: bob,
            assignees: [alice], createdAt: Timestamp(microseconds: 1_704_164_645_250_000)!,
            updatedAt: Timestamp(microseconds: 1_704_164_645_250_000)!, closedAt: nil)
        imported.comments = [
            try ImportedComment(
                id: 40, author: alice, body: "Imported comment",
                createdAt: Timestamp(microseconds: 1_704_164_645_250_000)!,
                updatedAt: Timestamp(microseconds: 1_704_164_645_250_000)!)
        ]
        _ = try await issues.importIssues([imported], actor: alice)
        // The create function of the schema at hand: the repository's read-back of a new issue
        // names its project, which a schema before 0022 does not have.
        for title in ["Parent", "Child", "Blocker", "Duplicate", "Trashed"] {
            let draft = try IssueDraft(title: title, body: "About @alice", assignees: [bob], labels: [LabelName("bug")])
            try await database.transaction { $0.send(IssueChanges.create(draft, author: alice)) }
        }
        let n = { (value: Int64) throws -> IssueNumber in try IssueNumber(value) }
        _ = try await issues.edit(
            [try n(3)],
            try IssueEdit(
                title: "Child, renamed", milestone: .set(try MilestoneTitle("v1")), priority: .set(.p1),
                parent: .set(try n(2)), addBlockers: [try n(4)]), read: nil, actor: alice)
        _ = try await issues.closeAsDuplicate(try n(5), of: try n(2), actor: alice)
        let comments = PostgresCommentRepository(database: database)
        let comment = try await comments.add("A comment for @bob", to: try n(2), author: alice)
        _ = try await comments.edit(comment.id, body: "Edited, still for @bob", actor: alice)
        let history = PostgresHistoryRepository(database: database)
        _ = try await history.delete([try n(6)], actor: alice)
        _ = try await issues.close([try n(4)], reason: .completed, actor: bob)
        _ = try await history.undo(actor: bob)
    }
}

/// Migration 0024 links what a tracker's texts already name across its projects.
@Suite struct CrossReferencesMigrationTests {
    @Test func textsWrittenBeforeTheMigrationAreLinked() async throws {
        let settings = try await TestPostgres.shared.emptyDatabase()
        let database = Database(settings: settings)
        try await Migrator(database: database, migrations: Migrator.bundled.filter { $0.version < 24 }).migrate()
        let alice = try Login("alice")
        _ = try await PostgresUserRepository(database: database).add(try User(login: alice))
        _ = try await PostgresProjectRepository(database: database).create(
            Project(key: try ProjectKey("api"), name: "API"), remoteOffered: false)
        let inApi = Database(settings: settings, variables: [SessionVariable(name: "tracker.project", value: "api")])
        _ = try await PostgresIssueRepository(database: inApi).create(try IssueDraft(title: "Limits"), author: alice)
        let issues = PostgresIssueRepository(database: database)
        _ = try await issues.create(try IssueDraft(title: "Web", body: "Waits on api#1"), author: alice)
        _ = try await issues.create(try IssueDraft(title: "Other", body: "Not api#7, which is none"), author: alice)
        _ = try await PostgresCommentRepository(database: database).add(
            "And API-1 again", to: try IssueNumber(2), author: alice)

        try await Migrator(database: database).migrate()
        let linked = try await PostgresIssueRepository(database: inApi).details(of: try IssueNumber(1))
        #expect(linked.structure.referencedBy.map(\.number.value) == [1, 2], "from a body and from a comment")
        #expect(try await issues.details(of: try IssueNumber(1)).structure.references.map(\.description) == ["api#1"])
    }
}
