import Foundation
import Testing
import TrackerCore
import TrackerTestSupport

/// Every command at every level, as a person would run it through `tracker` and as the same role
/// would through raw `psql`: allowed from the level GitHub gives it, refused below (exit 77 from
/// tracker) with nothing written. alice holds write, bob triage, carol read, dana maintain, erin
/// admin; mallory logs in but holds nothing and is linked to no user.
@Suite struct PermissionMatrixTests {
    /// One command: the level it needs, what the owner sets up first (`ROLE` stands for the one
    /// trying, `KEY` for a name of this attempt's own, `N` for the issue and `C` for the comment
    /// the setup made), and the command itself, through tracker and as SQL. A role with no user
    /// (mallory) owns nothing: its "own" steps are the owner's.
    struct Row: Sendable {
        let name: String
        let needs: AccessLevel
        var setup: [[String]] = []
        /// What a setup step reading `-` reads (`KEY` filled in).
        var setupStdin: String? = nil
        let tracker: [String]
        var stdin: String? = nil
        let sql: String
    }

    static let record = """
        [{"title": "Imported by KEY", "author": {"login": "someone"}, "createdAt": "2026-01-01T00:00:00Z"}]
        """

    static let rows: [Row] = [
        Row(name: "list", needs: .read, tracker: ["list"], sql: "SELECT count(*) FROM tracker.issues"),
        Row(
            name: "show", needs: .read, tracker: ["show", "1", "--no-pager"],
            sql: "SELECT count(*) FROM tracker.issue_events WHERE issue_number = 1"),
        Row(name: "status", needs: .read, tracker: ["status"], sql: "SELECT count(*) FROM tracker.issue_mentions"),
        Row(
            name: "show --history", needs: .read, tracker: ["show", "1", "--history"],
            sql: "SELECT count(*) FROM tracker.issue_revisions"),
        Row(name: "trash list", needs: .read, tracker: ["trash", "list"], sql: "SELECT count(*) FROM tracker.changes"),
        Row(name: "export", needs: .read, tracker: ["export"], sql: "SELECT count(*) FROM tracker.issue_comments"),
        Row(name: "users list", needs: .read, tracker: ["users", "list"], sql: "SELECT count(*) FROM tracker.users"),
        Row(name: "label list", needs: .read, tracker: ["label", "list"], sql: "SELECT count(*) FROM tracker.labels"),
        Row(
            name: "milestone list", needs: .read, tracker: ["milestone", "list"],
            sql: "SELECT count(*) FROM tracker.milestones"),
        Row(
            name: "milestone show", needs: .read, tracker: ["milestone", "show", "v1"],
            sql: "SELECT count(*) FROM tracker.issue_events WHERE kind = 'milestoned'"),
        Row(
            name: "report", needs: .read, tracker: ["report"],
            sql: "SELECT count(*) FROM tracker.issue_events WHERE kind IN ('created', 'closed')"),
        Row(
            name: "access list", needs: .read, tracker: ["access", "list"],
            sql: "SELECT count(*) FROM tracker.tracker_access"),
        Row(
            name: "assign", needs: .triage, tracker: ["assign", "1", "alice"],
            sql:
                "SELECT tracker.tracker_edit_issues(NULL, '{1}', NULL, NULL, NULL, '{bob}', '{}', false, '{}', '{}', NULL, false, '{}')"
        ),
        Row(
            name: "unassign", needs: .triage, setup: [["assign", "1", "alice", "bob"]],
            tracker: ["unassign", "1", "--all"],
            sql:
                "SELECT tracker.tracker_edit_issues(NULL, '{1}', NULL, NULL, NULL, '{}', '{}', true, '{}', '{}', NULL, false, '{}')"
        ),
        Row(
            name: "close", needs: .triage, setup: [["reopen", "1"]], tracker: ["close", "1"],
            sql: "SELECT tracker.tracker_set_state(NULL, '{1}', 'closed', 'completed')"),
        Row(
            name: "reopen", needs: .triage, setup: [["close", "1"]], tracker: ["reopen", "1"],
            sql: "SELECT tracker.tracker_set_state(NULL, '{1}', 'open', NULL)"),
        Row(
            name: "close as a duplicate", needs: .triage, setup: [["create", "-t", "Duplicate KEY"]],
            tracker: ["close", "N", "--duplicate-of", "1"],
            sql: "SELECT tracker.tracker_close_as_duplicate(NULL, ('{N}'::bigint[])[1], 1)"),
        Row(
            name: "make a sub-issue", needs: .triage, setup: [["create", "-t", "Child KEY"]],
            tracker: ["edit", "N", "--parent", "1"], sql: "SELECT tracker.tracker_set_parent(NULL, '{N}', 1)"),
        Row(
            name: "add a blocker", needs: .triage, setup: [["create", "-t", "Blocked KEY"]],
            tracker: ["edit", "N", "--blocked-by", "1"],
            sql: "SELECT tracker.tracker_set_blockers(NULL, '{N}', '{1}', '{}')"),
        Row(
            name: "label an issue", needs: .triage, setup: [["edit", "1", "--remove-label", "bug"]],
            tracker: ["edit", "1", "--add-label", "bug"],
            sql:
                "SELECT tracker.tracker_edit_issues(NULL, '{1}', NULL, NULL, NULL, '{}', '{}', false, '{ui}', '{}', NULL, false, '{}')"
        ),
        Row(
            name: "milestone an issue", needs: .triage, setup: [["edit", "1", "--remove-milestone"]],
            tracker: ["edit", "1", "--milestone", "v1"],
            sql:
                "SELECT tracker.tracker_edit_issues(NULL, '{1}', NULL, NULL, NULL, '{}', '{}', false, '{}', '{}', 'v2', false, '{}')"
        ),
        Row(
            name: "set a priority", needs: .triage, setup: [["edit", "1", "--priority", "none"]],
            tracker: ["edit", "1", "--priority", "P1"],
            sql: "SELECT tracker.tracker_plan_issues(NULL, '{1}', 2::smallint, true, NULL, false)"),
        Row(
            name: "set a due date", needs: .triage, setup: [["edit", "1", "--due", "none"]],
            tracker: ["edit", "1", "--due", "2027-01-01"],
            sql: "SELECT tracker.tracker_plan_issues(NULL, '{1}', NULL, false, '2027-01-02', true)"),
        Row(
            name: "create with a priority and due date", needs: .write,
            tracker: ["create", "-t", "Planned KEY", "--priority", "P0", "--due", "2027-01-01"],
            sql: """
                SELECT tracker.tracker_plan_issues(
                    NULL, ARRAY[tracker.tracker_create_issue(NULL, 'Raw', '', NULL, '{}', '{}', '{}')], 0::smallint, true,
                    '2027-01-01', true)
                """),
        Row(
            name: "create", needs: .write, tracker: ["create", "-t", "By KEY"],
            sql: "SELECT tracker.tracker_create_issue(NULL, 'Raw', '', NULL, '{}', '{}', '{}')"),
        Row(
            name: "comment", needs: .write, tracker: ["comment", "1", "--body", "From KEY"],
            sql: "SELECT tracker.tracker_add_comment(NULL, 1, 'Raw', '{}')"),
        Row(
            name: "edit own issue", needs: .write, setup: [["--as", "ROLE", "create", "-t", "Own"]],
            tracker: ["edit", "N", "-t", "Own, renamed"],
            sql:
                "SELECT tracker.tracker_edit_issues(NULL, '{N}', 'Raw title', NULL, NULL, '{}', '{}', false, '{}', '{}', NULL, false, '{}')"
        ),
        Row(
            name: "edit own comment", needs: .write, setup: [["--as", "ROLE", "comment", "1", "--body", "Own words"]],
            tracker: ["comment", "edit", "C", "--body", "Own words, edited"],
            sql: "SELECT tracker.tracker_edit_comment(NULL, C, 'Raw words', '{}')"),
        Row(
            name: "delete own comment", needs: .write, setup: [["--as", "ROLE", "comment", "1", "--body", "Own"]],
            tracker: ["comment", "delete", "C"], sql: "SELECT tracker.tracker_delete_comment(NULL, C)"),
        Row(
            name: "delete own issue", needs: .write, setup: [["--as", "ROLE", "create", "-t", "Own"]],
            tracker: ["delete", "N", "--yes"], sql: "SELECT tracker.tracker_delete_issues(NULL, '{N}')"),
        Row(
            name: "restore own issue", needs: .write,
            setup: [["--as", "ROLE", "create", "-t", "Own"], ["delete", "N", "--yes"]],
            tracker: ["restore", "N"], sql: "SELECT tracker.tracker_restore_issues(NULL, '{N}')"),
        Row(
            name: "restore own comment", needs: .write,
            setup: [["--as", "ROLE", "comment", "1", "--body", "Own"], ["comment", "delete", "C"]],
            tracker: ["comment", "restore", "C"], sql: "SELECT tracker.tracker_restore_comment(NULL, C)"),
        Row(
            name: "undo own comment", needs: .write, setup: [["--as", "ROLE", "comment", "1", "--body", "Undo me"]],
            tracker: ["undo"], sql: "SELECT tracker.tracker_undo(NULL)"),
        Row(
            name: "delete anyone's issue", needs: .maintain, setup: [["create", "-t", "Owner's KEY"]],
            tracker: ["delete", "N", "--yes"], sql: "SELECT tracker.tracker_delete_issues(NULL, '{N}')"),
        Row(
            name: "restore anyone's issue", needs: .maintain,
            setup: [["create", "-t", "Owner's KEY"], ["delete", "N", "--yes"]],
            tracker: ["restore", "N"], sql: "SELECT tracker.tracker_restore_issues(NULL, '{N}')"),
        Row(
            name: "purge the trash", needs: .maintain, tracker: ["trash", "purge", "--older-than", "0h", "--yes"],
            sql: "SELECT * FROM tracker.tracker_purge_trash(NULL, now())"),
        Row(
            name: "edit anyone's issue", needs: .maintain, tracker: ["edit", "1", "-b", "Edited by KEY"],
            sql:
                "SELECT tracker.tracker_edit_issues(NULL, '{1}', NULL, 'Raw body', NULL, '{}', '{}', false, '{}', '{}', NULL, false, '{}')"
        ),
        Row(
            name: "edit anyone's comment", needs: .maintain, setup: [["comment", "1", "--body", "Owner's"]],
            tracker: ["comment", "edit", "C", "--body", "Moderated"],
            sql: "SELECT tracker.tracker_edit_comment(NULL, C, 'Raw moderation', '{}')"),
        Row(
            name: "delete anyone's comment", needs: .maintain, setup: [["comment", "1", "--body", "Owner's"]],
            tracker: ["comment", "delete", "C"], sql: "SELECT tracker.tracker_delete_comment(NULL, C)"),
        Row(
            name: "label create", needs: .maintain, tracker: ["label", "create", "new-KEY"],
            sql: "SELECT tracker.tracker_create_label('raw-KEY', 'aaaaaa', '')"),
        Row(
            name: "label edit", needs: .maintain, setup: [["label", "create", "e-KEY"]],
            tracker: ["label", "edit", "e-KEY", "--color", "bbbbbb"],
            sql: "SELECT tracker.tracker_edit_label('e-KEY', NULL, 'cccccc', NULL)"),
        Row(
            name: "label delete", needs: .maintain, setup: [["label", "create", "d-KEY"]],
            tracker: ["label", "delete", "d-KEY", "--yes"], sql: "SELECT tracker.tracker_delete_label(NULL, 'd-KEY')"),
        Row(
            name: "milestone create", needs: .maintain, tracker: ["milestone", "create", "m-KEY"],
            sql: "SELECT tracker.tracker_create_milestone('raw-KEY', '', NULL)"),
        Row(
            name: "milestone edit", needs: .maintain, setup: [["milestone", "create", "me-KEY"]],
            tracker: ["milestone", "edit", "me-KEY", "--description", "edited"],
            sql: "SELECT tracker.tracker_edit_milestone('me-KEY', NULL, 'raw', false, NULL)"),
        Row(
            name: "milestone close", needs: .maintain, setup: [["milestone", "create", "mc-KEY"]],
            tracker: ["milestone", "close", "mc-KEY"],
            sql: "SELECT tracker.tracker_set_milestone_state('mc-KEY', 'closed')"),
        Row(
            name: "milestone delete", needs: .maintain, setup: [["milestone", "create", "md-KEY"]],
            tracker: ["milestone", "delete", "md-KEY", "--yes"],
            sql: "SELECT tracker.tracker_delete_milestone(NULL, 'md-KEY')"),
        Row(
            name: "import", needs: .maintain, tracker: ["import", "-"], stdin: record,
            sql: "SELECT import_id FROM tracker.tracker_import_begin(NULL)"),
        Row(
            name: "import --dry-run", needs: .maintain, tracker: ["import", "--dry-run", "-"], stdin: record,
            sql: """
                SELECT s.known FROM tracker.tracker_import_begin(NULL) b,
                       tracker.tracker_import_sources(b.import_id, '{https://x/KEY}', '{NULL}', '{NULL}', '{NULL}',
                                                      '{NULL}', '{NULL}') s
                """),
        Row(
            name: "import --undo", needs: .maintain, setup: [["import", "-"]], setupStdin: record,
            tracker: ["import", "--undo"], sql: "SELECT removed FROM tracker.tracker_import_undo(NULL)"),
        Row(
            name: "users add", needs: .admin, tracker: ["users", "add", "u-KEY"],
            sql: "SELECT tracker.tracker_add_user('raw-KEY', '', NULL)"),
        Row(
            name: "users edit own name", needs: .read, tracker: ["users", "edit", "@me", "--name", "Named KEY"],
            sql: "SELECT * FROM tracker.tracker_edit_user(NULL, session_user, 'Raw KEY')"),
        Row(
            name: "users edit anyone's name", needs: .admin, tracker: ["users", "edit", "owner", "--name", "By KEY"],
            sql: "SELECT * FROM tracker.tracker_edit_user(NULL, 'owner', 'Raw KEY')"),
        Row(
            name: "access grant", needs: .admin, tracker: ["access", "grant", "zoe", "read"],
            sql: "SELECT tracker.tracker_grant_level('zoe', 'triage')"),
        Row(
            name: "access revoke", needs: .admin, setup: [["access", "grant", "zoe", "read"]],
            tracker: ["access", "revoke", "zoe"], sql: "SELECT tracker.tracker_revoke_level('zoe')"),
        Row(
            name: "act as another", needs: .admin, tracker: ["--as", "owner", "comment", "1", "--body", "As owner"],
            sql: "SELECT tracker.tracker_add_comment('owner', 1, 'Raw, as owner', '{}')"),
    ]

    static let people: [(role: String, level: AccessLevel?)] =
        TeamDatabase.levels.map { ($0.0, AccessLevel(rawValue: $0.1)) } + [("mallory", nil)]

    @Test func everyCommandAtEveryLevelThroughTrackerAndThroughPsql() async throws {
        let team = try await TeamServer.shared.database(publicWritable: false)
        try team.prepareTeam()
        let owner = team.tracker(as: "owner")
        for arguments in [
            ["label", "create", "bug"], ["label", "create", "ui"], ["milestone", "create", "v1"],
            ["milestone", "create", "v2"], ["create", "-t", "The owner's issue", "-b", "Owner's text"],
        ] {
            #expect(try owner.run(arguments).status == 0, "\(arguments)")
        }
        var counts = (allowed: 0, refused: 0)
        for row in Self.rows {
            for person in Self.people {
                let allowed = person.level.map { $0 >= row.needs } ?? false
                for way in ["tracker", "psql"] {
                    let key = "\(person.role)-\(way)"
                    let (number, comment) = try Self.prepare(
                        row, for: person.level == nil ? "owner" : person.role, key: key, owner: owner)
                    let before = try ForgeryCLITests.fingerprint(team)
                    let fill = { (text: String) in
                        text.replacing("KEY", with: key).replacing("ROLE", with: person.role)
                            .replacing("N", with: number).replacing("C", with: comment)
                    }
                    let outcome =
                        way == "tracker"
                        ? try team.tracker(as: person.role).run(row.tracker.map(fill), stdin: row.stdin.map(fill))
                        : try team.psql(as: person.role, Self.filled(row.sql, key: key, number, comment))
                    let what = "\(person.role) (\(person.level?.rawValue ?? "nothing")) \(row.name) through \(way)"
                    if allowed {
                        #expect(outcome.status == 0, "\(what): \(outcome.stderr)")
                        counts.allowed += 1
                    } else {
                        #expect(outcome.status == (way == "tracker" ? 77 : 1), "\(what): \(outcome.stderr)")
                        if way == "tracker" { #expect(outcome.stderr.split(separator: "\n").count == 1, "\(what)") }
                        #expect(try ForgeryCLITests.fingerprint(team) == before, "\(what) wrote something")
                        counts.refused += 1
                    }
                }
            }
        }
        print(
            "permission matrix: \(Self.rows.count) commands × \(Self.people.count) roles × 2 ways = "
                + "\(counts.allowed + counts.refused) checks, \(counts.allowed) allowed, \(counts.refused) refused")
        #expect(counts.allowed + counts.refused == Self.rows.count * Self.people.count * 2)
    }

    /// Runs the row's setup as the owner; the issue (`N`) and comment (`C`) it made, as text.
    static func prepare(_ row: Row, for role: String, key: String, owner: TrackerProcess) throws -> (String, String) {
        var number = "1"
        var comment = "0"
        for step in row.setup {
            let outcome = try owner.run(
                step.map { word in
                    word == "N"
                        ? number
                        : word == "C" ? comment : word.replacing("KEY", with: key).replacing("ROLE", with: role)
                },
                stdin: row.setupStdin?.replacing("KEY", with: key))
            #expect(outcome.status == 0, "setup \(step): \(outcome.stderr)")
            if let created = outcome.stdout.firstMatch(of: /Created issue #(\d+)/) { number = String(created.1) }
            if let added = outcome.stdout.firstMatch(of: /\(comment (\d+)\)/) { comment = String(added.1) }
        }
        return (number, comment)
    }

    /// SQL with the role's name and the setup's numbers in place (the words stay quoted as SQL needs).
    static func filled(_ sql: String, key: String, _ number: String, _ comment: String) -> String {
        sql.replacing("KEY", with: key).replacing("'{N}'", with: "'{\(number)}'")
            .replacing(", C,", with: ", \(comment),").replacing(", C)", with: ", \(comment))")
    }
}

/// `watch` is a read: a reader sees the changes, a role holding nothing is refused before it waits.
@Suite struct WatchPermissionTests {
    @Test func aReaderWatchesAndARoleWithNothingIsRefused() async throws {
        let team = try await TeamServer.shared.database(publicWritable: false)
        try team.prepareTeam()
        #expect(try team.tracker(as: "alice").run(["create", "-t", "Watched"]).status == 0)
        let watcher = try WatchingProcess(team.tracker(as: "carol"), ["watch", "--since", "1"])
        defer { _ = try? watcher.stop() }
        #expect(try team.tracker(as: "alice").run(["comment", "1", "--body", "Seen"]).status == 0)
        #expect(try watcher.lines(count: 1).first?.contains("alice commented") == true)
        let refused = try team.tracker(as: "mallory").run(["watch", "--since", "1"])
        #expect(refused.status == 77)
        #expect(
            refused.stderr.hasPrefix(
                "tracker: role mallory has no access to this tracker; ask an admin to run: tracker access grant mallory read"
            ))
    }
}
