import Foundation
import Postgres
import Testing
import TrackerPostgres
import TrackerTestSupport

/// A shared tracker from before levels: its owner becomes admin, the roles the old model let write
/// keep a level like theirs, every user keeps their history, and `tracker access list` says who
/// still needs a role.
@Suite struct AccessUpgradeCLITests {
    @Test func anExistingTeamTrackerUpgradesKeepingItsPeopleAndTheirHistory() async throws {
        let team = try await TeamServer.shared.database(publicWritable: false)
        let database = Database(settings: team.url(as: "owner"))
        try await Migrator(database: database, migrations: Migrator.bundled.filter { $0.version < 13 }).migrate()
        await database.close()
        try team.execute(
            """
            SET search_path = tracker;
            INSERT INTO users (login) VALUES ('alice'), ('bob');
            UPDATE issue_number_counter SET last_number = 1;
            INSERT INTO issues (number, title, author_id) VALUES (1, 'From before levels', 1);
            INSERT INTO issue_events (issue_number, kind, actor_id) VALUES (1, 'created', 1);
            """, as: "owner")
        try team.execute(
            """
            GRANT USAGE ON SCHEMA tracker TO bob, carol;
            GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA tracker TO bob;
            GRANT SELECT ON ALL TABLES IN SCHEMA tracker TO carol;
            """, as: "owner")

        let owner = team.tracker(as: "owner")
        let migrated = try owner.run(["migrate"])
        #expect(migrated.status == 0, "\(migrated.stderr)")
        #expect(
            migrated.stdout.contains("Applied 0013_access.sql") && migrated.stdout.contains("Applied 0014_changes.sql"))

        var atTerminal = owner
        atTerminal.environment["TRACKER_FORCE_TTY"] = "100"
        let access = try atTerminal.run(["access", "list"]).stdout
        #expect(access.contains("admin    owner (role owner)"), "\(access)")
        #expect(access.contains("write    role bob") && access.contains("read     role carol"), "\(access)")
        #expect(
            access.contains("-        alice: needs a role") && access.contains("-        bob: needs a role"),
            "\(access)")
        // For a program: level, login, role, tab-separated (a user without a role has no level).
        let piped = try owner.run(["access", "list"]).stdout
        #expect(piped.contains("admin\towner\towner\n") && piped.contains("write\t\tbob\n"), "\(piped)")
        #expect(piped.contains("\talice\t\n"), "\(piped)")
        #expect(
            try team.psql(
                as: "bob", "INSERT INTO tracker.issue_events (issue_number, kind, actor_id) VALUES (1, 'closed', 1)"
            ).status != 0)

        #expect(try owner.run(["users", "add", "bob", "--role", "bob"]).stdout == "Linked user bob to role bob\n")
        #expect(try team.tracker(as: "bob").run(["comment", "1", "--body", "Still me"]).status == 0)
        let shown = try owner.run(["show", "1", "--no-pager"]).stdout
        #expect(shown.contains("alice created this issue") && shown.contains("bob commented"), "\(shown)")
        let refused = try team.tracker(as: "carol").run(["comment", "1", "--body", "Reader"])
        #expect(
            refused.status == 77 && refused.stderr.contains("role carol is linked to no tracker user"),
            "\(refused.stderr)")
    }
}
