import Foundation
import Testing
import TrackerPostgres
import TrackerTestSupport

/// Migration 0010 and `tracker migrate` by people who are not the tracker's owner.
@Suite struct OwnSchemaCLITests {
    /// A tracker from before 0010 lives in `public`; migrating moves all of it into `tracker`,
    /// where its issues, comments, labels, milestones, timeline and search keep working.
    @Test func aTrackerInPublicMovesIntoItsOwnSchemaWithEverything() async throws {
        let team = try await TeamServer.shared.database(publicWritable: false)
        try LegacyTracker.create(team.url(as: "owner"))
        try team.execute(
            """
            INSERT INTO users (login, name) VALUES ('owner', 'The Owner'), ('alice', '');
            INSERT INTO labels (name, color) VALUES ('bug', 'd73a4a');
            INSERT INTO milestones (title) VALUES ('v1');
            UPDATE issue_number_counter SET last_number = 1;
            INSERT INTO issues (number, title, body, author_id, milestone_number)
                 VALUES (1, 'Café crashes', 'ログイン失敗 for @alice', 1, 1);
            INSERT INTO issue_labels (label_id, issue_number) VALUES (1, 1);
            INSERT INTO issue_events (issue_number, kind, actor_id) VALUES (1, 'created', 1);
            INSERT INTO issue_comments (issue_number, author_id, body) VALUES (1, 2, 'seen it');
            INSERT INTO issue_mentions (issue_number, user_id) VALUES (1, 2);
            """, as: "owner")
        let owner = team.tracker(as: "owner")
        let migrated = try owner.run(["migrate"])
        #expect(migrated.status == 0, "\(migrated.stderr)")
        #expect(migrated.stdout.contains("Applied 0010_own_schema.sql"))

        let leftInPublic = try team.scalar(
            "SELECT count(*)::text FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind IN ('r', 'S', 'i')"
        )
        #expect(leftInPublic == "0")
        let unpinned = try team.scalar(
            """
            SELECT coalesce(string_agg(proname, ' ' ORDER BY proname), '') FROM pg_proc p
             WHERE pronamespace = 'tracker'::regnamespace AND proconfig IS NULL
               AND proname NOT IN ('tracker_search_text', 'tracker_search_vector', 'tracker_search_term')
               AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')
            """)
        #expect(unpinned == "")

        let shown = try owner.run(["show", "1", "--json", "number,title,labels,milestone,comments,author"])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(
            shown.stdout.contains("\"Café crashes\"") && shown.stdout.contains("\"bug\"")
                && shown.stdout.contains("seen it"))
        for search in ["cafe", "ログイン", "crash"] {
            #expect(try owner.run(["list", "-S", search]).stdout.hasPrefix("1\t"), "search \(search)")
        }
        #expect(try owner.run(["list", "--mention", "alice"]).stdout.hasPrefix("1\t"))
        #expect(
            try owner.run(["--as", "owner", "create", "-t", "After the move", "-l", "bug"]).stdout
                == "Created issue #2\n")
        #expect(try owner.run(["--as", "owner", "comment", "2", "--body", "new"]).status == 0)
    }

    /// Any role that can connect may ask whether the schema is current: nothing is written.
    @Test func aTeamRoleMigratingAnUpToDateTrackerIsToldSoAndWritesNothing() async throws {
        let team = try await TeamServer.shared.database(publicWritable: false)
        #expect(try team.tracker(as: "owner").run(["migrate"]).status == 0)
        let bob = team.tracker(as: "bob")
        let migrated = try bob.run(["migrate"])
        #expect(migrated.status == 0, "\(migrated.stderr)")
        #expect(migrated.stdout == "Database schema is up to date.\n")
        let status = try bob.run(["migrate", "--status"])
        #expect(status.status == 0)
        #expect(status.stdout.split(separator: "\n").count == Migrator.bundled.count)
        #expect(!status.stdout.contains("pending"))
    }

    /// Pending work a role may not do is refused in one line that says who can do it, and
    /// nothing of it is left behind.
    @Test func aTeamRoleCannotApplyPendingMigrationsAndIsToldWhoCan() async throws {
        let fresh = try await TeamServer.shared.database(publicWritable: false)
        let refused = try fresh.tracker(as: "bob").run(["migrate"])
        #expect(refused.status == 77)
        #expect(refused.stderr.split(separator: "\n").count == 1)
        #expect(
            refused.stderr.contains("0001_initial_schema.sql is pending and role bob may not apply it")
                && refused.stderr.contains("the tracker's owner, owner, must run `tracker migrate`"),
            "\(refused.stderr)")
        #expect(try fresh.scalar("SELECT count(*)::text FROM pg_namespace WHERE nspname = 'tracker'") == "0")

        let legacy = try await TeamServer.shared.database(publicWritable: false)
        try LegacyTracker.create(legacy.url(as: "owner"))
        try legacy.execute("GRANT SELECT ON ALL TABLES IN SCHEMA public TO bob", as: "owner")
        let behind = try legacy.tracker(as: "bob").run(["migrate"])
        #expect(behind.status == 77)
        #expect(
            behind.stderr.contains("0010_own_schema.sql is pending and role bob may not apply it"), "\(behind.stderr)")
        #expect(try legacy.scalar("SELECT max(version)::text FROM public.schema_migrations") == "9")
    }
}
