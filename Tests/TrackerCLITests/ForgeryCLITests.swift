import Foundation
import Testing
import TrackerTestSupport

/// Nobody can act in someone else's name, or rewrite what happened, except an admin acting openly:
/// through tracker (`--as`, `TRACKER_USER`) and through raw SQL as the same roles.
@Suite struct ForgeryCLITests {
    static func team() async throws -> TeamDatabase {
        let team = try await TeamServer.shared.database(publicWritable: false)
        try team.prepareTeam()
        #expect(try team.tracker(as: "alice").run(["create", "-t", "Alice's issue", "-b", "her text"]).status == 0)
        #expect(try team.tracker(as: "alice").run(["comment", "1", "--body", "Alice's comment"]).status == 0)
        return team
    }

    @Test func actingAsSomeoneElseIsRefusedUnlessAdminAndThenRecordsBoth() async throws {
        let team = try await Self.team()
        var bob = team.tracker(as: "bob")
        let byFlag = try bob.run(["--as", "alice", "close", "1"])
        #expect(byFlag.status == 77)
        #expect(byFlag.stderr == "tracker: bob has triage on this tracker; acting as alice needs admin\n")
        bob.environment["TRACKER_USER"] = "alice"
        let byVariable = try bob.run(["comment", "1", "--body", "as alice"])
        #expect(byVariable.status == 77 && byVariable.stderr.contains("acting as alice needs admin"))
        bob.environment["TRACKER_USER"] = "bob"
        #expect(try bob.run(["close", "1"]).status == 0, "naming oneself is no acting")

        let erin = team.tracker(as: "erin")
        #expect(try erin.run(["--as", "alice", "reopen", "1"]).status == 0)
        let shown = try erin.run(["show", "1", "--no-pager"]).stdout
        #expect(shown.contains("bob closed this as completed"), "\(shown)")
        #expect(shown.contains("erin, acting as alice, reopened this"), "\(shown)")
        let events = try erin.run(["show", "1", "--json", "events"]).stdout
        #expect(events.contains("\"actingUser\":{\"login\":\"erin\"}"), "\(events)")
        #expect(try team.scalar("SELECT count(*)::text FROM tracker.issue_events WHERE kind = 'comment_edited'") == "0")
    }

    /// Every table is read-only to every tracker role: rows can only change through the functions,
    /// which take the actor from the session. Each forgery is refused, and nothing changes.
    @Test func handWrittenSQLCannotForgeAuthorsEventsCountersOrOthersComments() async throws {
        let team = try await Self.team()
        let before = try Self.fingerprint(team)
        let forgeries: [(role: String, sql: String)] = [
            ("bob", "INSERT INTO tracker.issues (number, title, author_id) VALUES (99, 'Forged', 1)"),
            ("dana", "INSERT INTO tracker.issue_events (issue_number, kind, actor_id) VALUES (1, 'closed', 1)"),
            ("alice", "UPDATE tracker.issue_events SET actor_id = (SELECT id FROM tracker.users WHERE login = 'bob')"),
            ("dana", "DELETE FROM tracker.issue_events"),
            ("bob", "DELETE FROM tracker.issue_comments WHERE id = 1"),
            ("dana", "UPDATE tracker.issue_comments SET body = 'rewritten'"),
            ("erin", "UPDATE tracker.issue_number_counter SET last_number = 9007199254740991"),
            ("erin", "UPDATE tracker.id_counters SET last_value = 0"),
            ("alice", "UPDATE tracker.users SET role_name = 'alice' WHERE login = 'erin'"),
            ("dana", "UPDATE tracker.issues SET assignee_count = 0, version = 1"),
            ("bob", "SELECT tracker.tracker_set_state('alice', '{1}', 'closed', 'completed')"),
            ("bob", "SELECT tracker.tracker_edit_comment(NULL, 1, 'mine now', '{}')"),
            ("carol", "SELECT tracker.tracker_add_comment(NULL, 1, 'read only', '{}')"),
            ("mallory", "SELECT count(*) FROM tracker.issues"),
            ("mallory", "SELECT tracker.tracker_create_issue(NULL, 'x', '', NULL, '{}', '{}', '{}')"),
            ("dana", "SELECT tracker.tracker_grant_level('dana', 'admin')"),
            ("dana", "GRANT tracker_\(team.name)_admin TO dana"),
            ("alice", "ALTER TABLE tracker.all_issue_events DISABLE TRIGGER issue_events_notify"),
        ]
        for forgery in forgeries {
            let outcome = try Self.psql(team, as: forgery.role, forgery.sql)
            #expect(outcome.status != 0, "\(forgery.role): \(forgery.sql)")
            #expect(try Self.fingerprint(team) == before, "\(forgery.role): \(forgery.sql)")
        }
        print("forgery: \(forgeries.count) hand-written attempts refused, nothing changed")

        // The timeline's actor is always the session's user: bob's raw call is bob's.
        #expect(
            try Self.psql(team, as: "bob", "SELECT tracker.tracker_set_state(NULL, '{1}', 'closed', 'completed')")
                .status == 0)
        let actor = try team.scalar(
            """
            SELECT u.login || ' ' || e.role_name FROM tracker.issue_events e JOIN tracker.users u ON u.id = e.actor_id
             ORDER BY e.id DESC LIMIT 1
            """)
        #expect(actor == "bob bob")
    }

    /// Every row of every table the tracker keeps, and every level membership, in one text.
    static func fingerprint(_ team: TeamDatabase) throws -> String {
        try team.scalar(
            """
            SELECT string_agg(t, ';' ORDER BY t) FROM (
                SELECT 'issues ' || count(*) || ' ' || coalesce(sum(hashtext(i::text)), 0) AS t FROM tracker.issues i
                UNION ALL SELECT 'events ' || count(*) || ' ' || coalesce(sum(hashtext(e::text)), 0) FROM tracker.issue_events e
                UNION ALL SELECT 'comments ' || count(*) || ' ' || coalesce(sum(hashtext(c::text)), 0) FROM tracker.issue_comments c
                UNION ALL SELECT 'users ' || count(*) || ' ' || coalesce(sum(hashtext(u::text)), 0) FROM tracker.users u
                UNION ALL SELECT 'changes ' || count(*) || ' ' || coalesce(sum(hashtext(c::text)), 0) FROM tracker.changes c
                UNION ALL SELECT 'versions ' || (SELECT count(*) FROM tracker.issue_revisions)
                              || ' ' || (SELECT count(*) FROM tracker.comment_revisions)
                UNION ALL SELECT 'labels ' || count(*) FROM tracker.labels
                UNION ALL SELECT 'milestones ' || count(*) FROM tracker.milestones
                UNION ALL SELECT 'counter ' || last_number FROM tracker.issue_number_counter
                UNION ALL SELECT 'ids ' || string_agg(name || '=' || last_value, ',' ORDER BY name) FROM tracker.id_counters
                UNION ALL SELECT 'members ' || count(*) FROM pg_auth_members m
                 WHERE m.roleid IN (SELECT oid FROM pg_roles WHERE rolname IN (SELECT role_name FROM tracker.levels))
                UNION ALL SELECT 'triggers ' || string_agg(tgname || tgenabled::text, ',' ORDER BY tgname)
                  FROM pg_trigger WHERE tgrelid = 'tracker.all_issue_events'::regclass
            ) parts
            """) ?? ""
    }

    static func psql(_ team: TeamDatabase, as role: String, _ sql: String) throws -> TrackerProcess.Outcome {
        try team.psql(as: role, sql)
    }
}
