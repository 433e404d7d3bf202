import Foundation
import Postgres
import Testing
import TrackerTestSupport

/// Issue 44's attacks, through raw psql with real SCRAM roles (migration 0028): each is refused
/// and leaves the counters, users, memberships and history as they were.
@Suite struct TrustAttackTests {
    static func preparedTeam() async throws -> TeamDatabase {
        let team = try await TeamServer.shared.database()
        try team.prepareTeam()
        for arguments in [["create", "-t", "One"], ["create", "-t", "Two"]] {
            #expect(try team.tracker(as: "alice").run(arguments).status == 0)
        }
        return team
    }

    static func state(_ team: TeamDatabase) throws -> String? {
        try team.scalar(
            """
            SELECT (SELECT string_agg(name || '=' || last_value, ',' ORDER BY name) FROM tracker.id_counters)
                   || '|' || (SELECT count(*) FROM tracker.users) || '|' || (SELECT count(*) FROM tracker.all_issue_events)
                   || '|' || (SELECT count(*) FROM tracker.all_issue_comments)
                   || '|' || (SELECT count(*) FROM pg_auth_members
                                WHERE roleid::regrole::text LIKE 'tracker\\_' || current_database() || '\\_%')
            """)
    }

    @Test func aPlantedStagingViewNeverRunsWithTheOwnersRights() async throws {
        let team = try await Self.preparedTeam()
        let noTemp = try team.psql(as: "dana", "CREATE TEMP TABLE t (x int)")
        #expect(noTemp.status != 0 && noTemp.stderr.contains("permission denied"), "\(noTemp.stderr)")
        // A database administrator may hand out TEMPORARY again: the definer still checks.
        try team.execute("GRANT TEMPORARY ON DATABASE \(team.name) TO dana")
        let begun = try team.psql(
            as: "dana", "SET search_path = tracker; SELECT import_id FROM tracker_import_begin(NULL)")
        #expect(begun.status == 0, "\(begun.stderr)")
        let before = try Self.state(team)
        let planted = try team.psql(
            as: "dana",
            """
            CREATE FUNCTION pg_temp.spy() RETURNS bigint LANGUAGE plpgsql AS $$
            BEGIN RAISE NOTICE 'ran as %', current_user; EXECUTE 'GRANT owner TO dana'; RETURN 1; END $$;
            CREATE TEMP VIEW import_issues AS SELECT pg_temp.spy() AS number, 'x'::text AS title, ''::text AS body,
                'open'::text AS state, NULL::text AS state_reason, 1::bigint AS author_id, now() AS created_at,
                now() AS updated_at, NULL::timestamptz AS closed_at, NULL::bigint AS milestone_number,
                0 AS assignee_count, NULL::text AS source_key;
            SET search_path = tracker;
            SELECT tracker_import_finish((SELECT max(id) FROM imports), false);
            """)
        #expect(planted.status != 0 && planted.stderr.contains("no import is open"), "\(planted.stderr)")
        #expect(!planted.stderr.contains("ran as owner"), "\(planted.stderr)")
        #expect(try team.scalar("SELECT pg_has_role('dana', 'owner', 'MEMBER')::text") == "false")
        #expect(try Self.state(team) == before)
    }

    @Test func countersUsersAndHistoryMoveOnlyInsideTheirOwnImport() async throws {
        let team = try await Self.preparedTeam()
        let before = try Self.state(team)
        for call in [
            "SELECT tracker_import_comment_ids(-5)", "SELECT tracker_import_comment_ids(1000000000000)",
            "SELECT * FROM tracker_import_milestones(ARRAY[9223372036854775806], ARRAY['x'], ARRAY[''], ARRAY[NULL::timestamptz], ARRAY['open'])",
            "SELECT * FROM tracker_import_users(ARRAY['newcomer'], ARRAY['New Comer'])",
        ] {
            let outcome = try team.psql(as: "dana", "SET search_path = tracker; " + call)
            #expect(outcome.status != 0 && outcome.stderr.contains("no import is open"), "\(call): \(outcome.stderr)")
        }
        let forged = try team.psql(
            as: "dana",
            """
            SET search_path = tracker;
            DO $$
            DECLARE v_import bigint;
            BEGIN
                SELECT import_id INTO v_import FROM tracker_import_begin(NULL);
                INSERT INTO pg_temp.import_issues (number, title, body, state, author_id, created_at, updated_at)
                VALUES (100, 'Mine', '', 'open', (SELECT id FROM users WHERE login = 'dana'), now(), now());
                INSERT INTO pg_temp.import_events (issue_number, kind, actor_id, created_at)
                VALUES (1, 'closed', (SELECT id FROM users WHERE login = 'erin'), now() - interval '1 year');
                PERFORM tracker_import_finish(v_import, false);
            END $$;
            """)
        #expect(
            forged.status != 0 && forged.stderr.contains("names issue #1, which it does not create"), "\(forged.stderr)"
        )
        #expect(try Self.state(team) == before)
    }

    @Test func nobodyHoldsTheStructureLockWithoutALevelOrWithNothingToChange() async throws {
        let team = try await Self.preparedTeam()
        let stranger = try Connection(settings: team.url(as: "mallory"))
        _ = try stranger.execute("BEGIN")
        _ = try stranger.query("SELECT pg_advisory_lock(7630300019)")
        let reader = try Connection(settings: team.url(as: "carol"))
        _ = try reader.execute("BEGIN")
        _ = try? reader.query("SELECT tracker.tracker_set_parent(NULL, '{}', NULL)")
        let admin = try Connection(settings: team.url(as: "erin"))
        _ = try admin.execute("SET search_path = tracker; SET lock_timeout = '5s'")
        _ = try admin.query("SELECT tracker_set_parent(NULL, ARRAY[2]::bigint[], 1)")
        #expect(try team.scalar("SELECT parent_number::text FROM tracker.all_issues WHERE number = 2") == "1")
        _ = try? stranger.execute("ROLLBACK")
        _ = try? reader.execute("ROLLBACK")
    }

    @Test func publicExecutesOnlyTheSchemaGuard() async throws {
        let team = try await Self.preparedTeam()
        let open = try team.scalar(
            """
            SELECT string_agg(proname, ',' ORDER BY proname) FROM pg_proc
             WHERE pronamespace = 'tracker'::regnamespace AND has_function_privilege('public', oid, 'EXECUTE')
               AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = pg_proc.oid AND d.deptype = 'e')
            """)
        #expect(open == "tracker_schema_guard")
        let stranger = try team.psql(as: "mallory", "SELECT tracker.tracker_issue_references(1)")
        #expect(stranger.status != 0 && stranger.stderr.contains("permission denied"), "\(stranger.stderr)")
        let refused = try team.tracker(as: "mallory").run(["list"])
        #expect(refused.status == 77 && !refused.stderr.contains("erin"), "\(refused.stderr)")
    }

    @Test func revokingLeavesNoMembershipOrProjectGrantBehind() async throws {
        let team = try await Self.preparedTeam()
        let owner = team.tracker(as: "owner")
        for arguments in [
            ["project", "create", "web", "--no-remote"], ["-R", "web", "create", "-t", "Web one"],
            ["users", "add", "zoe", "--role", "zoe"], ["access", "grant", "zoe", "read", "-R", "web"],
            ["access", "grant", "bob", "write", "-R", "web"],
        ] {
            let outcome = try owner.run(arguments)
            #expect(outcome.status == 0, "\(arguments): \(outcome.stderr)")
        }
        #expect(try team.tracker(as: "zoe").run(["-R", "web", "list"]).stdout.contains("Web one"))
        #expect(try owner.run(["access", "revoke", "zoe", "-R", "web"]).status == 0)
        #expect(try owner.run(["access", "revoke", "bob"]).status == 0)
        #expect(try team.tracker(as: "zoe").run(["-R", "web", "list"]).status == 77)
        #expect(try team.tracker(as: "bob").run(["-R", "web", "list"]).status == 77)
        let left = try team.scalar(
            """
            SELECT count(*)::text || coalesce(string_agg(r.rolname || ' in ' || m.roleid::regrole::text, ','), '')
              FROM pg_auth_members m JOIN pg_roles r ON r.oid = m.member
             WHERE r.rolname IN ('zoe', 'bob')
               AND m.roleid::regrole::text LIKE 'tracker\\_' || current_database() || '\\_%'
            """)
        #expect(left == "0")
        #expect(try team.scalar("SELECT count(*)::text FROM tracker.project_levels") == "0")
    }
}
