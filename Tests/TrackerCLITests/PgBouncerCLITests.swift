import ChildProcesses
import Foundation
import Postgres
import Testing
import TrackerPostgres
import TrackerTestSupport

/// The real binary through pgbouncer in transaction-pooling mode (issue 13): each transaction may
/// run on another server session, so these pass only while no command relies on session state
/// surviving from one transaction to the next.
@Suite struct PgBouncerCLITests {
    /// A database reached through its own pgbouncer; `direct` reaches it without one, for checks.
    struct Pooled {
        let bouncer: PgBouncerProcess
        let tracker: TrackerProcess
        /// Named `checkingSession` on the server, so counts of the pooler's sessions leave it out.
        let direct: String
        static let checkingSession = "tracker-test-check"

        /// A fresh migrated database with users tester (the acting user), alice and bob.
        static func fresh() async throws -> Pooled {
            let pooled = try await through(try await TestPostgres.shared.freshDatabase())
            for login in ["tester", "alice", "bob"] {
                let added = try pooled.tracker.run(["users", "add", login])
                #expect(added.status == 0, "\(added.stderr)")
            }
            return pooled
        }

        static func through(_ settings: String) async throws -> Pooled {
            let bouncer = try PgBouncerProcess.start(before: settings)
            let tracker = TrackerProcess(databaseSettings: try bouncer.url(reaching: settings))
            let direct = settings + " application_name=\(checkingSession)"
            return Pooled(bouncer: bouncer, tracker: tracker, direct: direct)
        }

        func run(_ arguments: [String], stdin: String? = nil) throws -> TrackerProcess.Outcome {
            let outcome = try tracker.run(arguments, stdin: stdin)
            #expect(outcome.status == 0, "\(arguments): \(outcome.stderr)")
            return outcome
        }

        func json(_ arguments: [String]) throws -> Any {
            try JSONSerialization.jsonObject(with: Data(try run(arguments).stdout.utf8))
        }

        func scalar(_ sql: String) throws -> Int {
            try Connection(settings: direct).query(sql).rows[0].decode(0, as: Int.self)
        }

        /// Client sessions the pooler holds open on this database now: not the test's own checks,
        /// nor the server's background workers (autovacuum also names the database).
        func serverSessions() throws -> Int {
            try scalar(
                """
                SELECT count(*) FROM pg_stat_activity
                WHERE datname = current_database() AND backend_type = 'client backend'
                  AND application_name <> '\(Pooled.checkingSession)'
                """)
        }

        /// Starts every run before waiting for any, so they overlap.
        func together(_ runs: [[String]]) throws -> [ChildProcess.Outcome] {
            let started = try runs.map { try tracker.start($0) }
            return try started.map { try $0.wait() }
        }
    }

    @Test func createListAndShowWithAssigneesLabelsAndAMilestone() async throws {
        let pooled = try await Pooled.fresh()
        defer { pooled.bouncer.stop() }
        #expect(try pooled.run(["label", "create", "bug"]).stdout.hasPrefix("Created label 'bug'"))
        #expect(try pooled.run(["milestone", "create", "v1"]).status == 0)
        let created = try pooled.run([
            "create", "--title", "Login fails", "--body", "cc @bob", "--assignee", "alice", "--assignee", "bob",
            "--label", "bug", "--milestone", "v1",
        ])
        #expect(created.stdout == "Created issue #1\n")
        #expect(try pooled.run(["create", "--title", "Second"]).stdout == "Created issue #2\n")

        var terminal = pooled.tracker
        terminal.environment["TRACKER_FORCE_TTY"] = "120"
        let table = try terminal.run(["list"]).stdout.split(separator: "\n").map(String.init)
        #expect(table.count == 3)
        #expect(table[1].hasPrefix("#2") && table[1].contains("Second"))
        #expect(table[2].hasPrefix("#1") && table[2].contains("Login fails") && table[2].contains("alice, bob"))
        let listed = try #require(
            try pooled.json(["list", "--json", "number,title,assignees,labels,milestone"]) as? [[String: Any]])
        #expect(listed.compactMap { $0["number"] as? Int } == [2, 1])
        #expect((listed[1]["assignees"] as? [[String: String]])?.compactMap { $0["login"] } == ["alice", "bob"])
        #expect((listed[1]["labels"] as? [[String: String]])?.compactMap { $0["name"] } == ["bug"])
        #expect((listed[1]["milestone"] as? [String: Any])?["title"] as? String == "v1")
        let bobsMentions = try #require(
            try pooled.json(["list", "--mention", "bob", "--json", "number"]) as? [[String: Int]])
        #expect(bobsMentions == [["number": 1]])

        let shown = try pooled.run(["show", "1"]).stdout.split(separator: "\n").map(String.init)
        #expect(shown[0] == "#1 Login fails")
        #expect(shown.contains("Assignees: alice, bob") && shown.contains("Labels: bug"))
        let object = try #require(try pooled.json(["show", "1", "--json"]) as? [String: Any])
        let kinds = (object["events"] as? [[String: Any]] ?? []).compactMap { $0["kind"] as? String }
        #expect(kinds.first == "created" && kinds.filter { $0 == "assigned" }.count == 2)
    }

    @Test func assignUnassignCloseAndReopen() async throws {
        let pooled = try await Pooled.fresh()
        defer { pooled.bouncer.stop() }
        for title in ["Login fails", "Crash on start"] { _ = try pooled.run(["create", "--title", title]) }
        #expect(try pooled.run(["assign", "1", "alice", "Bob"]).stdout == "Issue #1: alice, bob\n")
        #expect(try pooled.run(["assign", "1", "2", "@me"]).stdout.split(separator: "\n").count == 2)
        #expect(try pooled.run(["unassign", "1", "bob", "tester"]).stdout == "Issue #1: alice\n")
        #expect(try pooled.run(["unassign", "2", "--all"]).stdout == "Issue #2: no assignees\n")
        let unknown = try pooled.tracker.run(["assign", "1", "alcie"])
        #expect(unknown.status == 65 && unknown.stderr == "tracker: no user 'alcie': did you mean alice?\n")

        #expect(try pooled.run(["close", "1"]).stdout == "Closed issue #1 as completed\n")
        #expect(try pooled.run(["close", "1"]).stdout == "Issue #1 is already closed\n")
        #expect(try pooled.run(["close", "2", "--reason", "not-planned"]).stdout == "Closed issue #2 as not planned\n")
        #expect(try pooled.run(["reopen", "1"]).stdout == "Reopened issue #1\n")
        let missing = try pooled.tracker.run(["close", "2", "99"])
        #expect(missing.status == 65, "a missing issue changes none of them")

        let first = try #require(try pooled.json(["show", "1", "--json"]) as? [String: Any])
        #expect(first["state"] as? String == "OPEN" && first["closedAt"] is NSNull)
        #expect((first["assignees"] as? [[String: String]])?.compactMap { $0["login"] } == ["alice"])
        let kinds = (first["events"] as? [[String: Any]] ?? []).compactMap { $0["kind"] as? String }
        #expect(
            kinds == ["created", "assigned", "assigned", "assigned", "unassigned", "unassigned", "closed", "reopened"])
        let second = try #require(try pooled.json(["show", "2", "--json"]) as? [String: Any])
        #expect(second["state"] as? String == "CLOSED" && second["stateReason"] as? String == "NOT_PLANNED")
    }

    /// One flight with everything in it, and a refusal in the middle of it (issue #1 already
    /// changed in the transaction when #2 overflows) that leaves nothing behind on the pooled
    /// session: the next edit on it works.
    @Test func editOfSeveralIssuesIsAllOrNothing() async throws {
        let pooled = try await Pooled.fresh()
        defer { pooled.bouncer.stop() }
        _ = try pooled.run(["label", "create", "bug"])
        _ = try pooled.run(["milestone", "create", "v1"])
        for title in ["Login fails", "Crash on start"] { _ = try pooled.run(["create", "--title", title]) }
        let crowd = (1...9).map { "dev\($0)" }
        for login in crowd { _ = try pooled.run(["users", "add", login]) }
        _ = try pooled.run(["assign", "2", "alice"] + crowd)
        let edit = ["edit", "1", "2", "--add-assignee", "bob", "--add-label", "bug", "--milestone", "v1"]
        let refused = try pooled.tracker.run(edit)
        #expect(refused.status == 65 && refused.stderr.hasPrefix("tracker: issue #2 would have 11 assignees"))
        #expect(try pooled.scalar("SELECT count(*) FROM issue_labels") == 0)
        #expect(try pooled.scalar("SELECT count(*) FROM issues WHERE milestone_number IS NOT NULL") == 0)

        _ = try pooled.run(["unassign", "2", "dev9"])
        #expect(try pooled.run(edit).stdout == "Edited issue #1\nEdited issue #2\n")
        let text = try pooled.run(["edit", "1", "--title", "Login fails on empty password", "--body", "cc @bob"])
        #expect(text.stdout == "Edited issue #1\n")
        let listed = try #require(
            try pooled.json(["list", "--json", "number,title,assignees,labels,milestone"]) as? [[String: Any]])
        #expect(listed.compactMap { $0["number"] as? Int } == [2, 1])
        #expect(listed[1]["title"] as? String == "Login fails on empty password")
        #expect(listed.allSatisfy { ($0["labels"] as? [[String: String]])?.compactMap { $0["name"] } == ["bug"] })
        #expect(listed.allSatisfy { ($0["milestone"] as? [String: Any])?["title"] as? String == "v1" })
        #expect((listed[1]["assignees"] as? [[String: String]])?.compactMap { $0["login"] } == ["bob"])
        #expect(
            try pooled.json(["list", "--mention", "bob", "--json", "number"]) as? [[String: Int]] == [["number": 1]])
    }

    static let ghJSON = """
        [{"number": 12, "title": "Crash on start", "body": "cc @carol", "state": "CLOSED", "stateReason": "NOT_PLANNED",
          "author": {"login": "alice"}, "assignees": [{"login": "bob"}, {"login": "Carol"}],
          "labels": [{"name": "bug", "description": "Something isn't working", "color": "d73a4a"}],
          "milestone": {"number": 3, "title": "v1.0", "description": "First release", "dueOn": "2024-06-30T07:00:00Z"},
          "comments": [{"author": {"login": "bob"}, "body": "Reproduced", "createdAt": "2024-01-02T04:00:00Z"}],
          "createdAt": "2024-01-02T03:04:05Z", "updatedAt": "2024-01-03T00:00:00Z", "closedAt": "2024-01-03T00:00:00Z"},
         {"number": 7, "title": "Typo", "body": "", "state": "OPEN", "author": {"login": "bob"}, "assignees": [],
          "createdAt": "2023-12-31T23:59:59.5+01:00", "updatedAt": "2023-12-31T23:59:59.5+01:00", "closedAt": null}]
        """

    @Test func importThenExportRoundTrips() async throws {
        let pooled = try await Pooled.through(try await TestPostgres.shared.freshDatabase())
        defer { pooled.bouncer.stop() }
        #expect(try pooled.run(["import", "-"], stdin: PgBouncerCLITests.ghJSON).stdout == "Imported 2 issues\n")
        let exported = try pooled.run(["export"]).stdout
        let issues = try #require(try JSONSerialization.jsonObject(with: Data(exported.utf8)) as? [[String: Any]])
        #expect(issues.compactMap { $0["number"] as? Int } == [7, 12])
        #expect(issues[1]["stateReason"] as? String == "NOT_PLANNED")
        #expect((issues[1]["assignees"] as? [[String: String]])?.compactMap { $0["login"] } == ["bob", "Carol"])
        #expect((issues[1]["comments"] as? [[String: Any]])?.count == 1)
        #expect((issues[1]["milestone"] as? [String: Any])?["description"] as? String == "First release")
        #expect(try pooled.scalar("SELECT count(*) FROM users") == 4, "alice, bob, Carol and the importer, tester")

        let copy = try await Pooled.through(try await TestPostgres.shared.freshDatabase())
        defer { copy.bouncer.stop() }
        #expect(try copy.run(["import", "-"], stdin: exported).stdout == "Imported 2 issues\n")
        #expect(try copy.run(["export"]).stdout == exported, "export → import → export is byte-identical")
        let streamed = try copy.run(["list", "--state", "all", "--limit", "0", "--json", "number,title"]).stdout
        #expect(streamed.contains("\"Crash on start\"") && streamed.contains("\"Typo\""))
    }

    // The promises of ConcurrencyCLITests, kept through the pooler: 20 processes at once share
    // its few server sessions.

    @Test func twentyCreatorsGetUniqueIncreasingNumbersAndFailedCreatesSkipNone() async throws {
        let pooled = try await Pooled.fresh()
        defer { pooled.bouncer.stop() }
        try Connection(settings: pooled.direct).execute(
            """
            CREATE FUNCTION refuse_fail() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN IF NEW.title LIKE 'FAIL%' THEN RAISE EXCEPTION 'refused'; END IF; RETURN NEW; END $$;
            CREATE TRIGGER refuse_fail BEFORE INSERT ON all_issues FOR EACH ROW EXECUTE FUNCTION refuse_fail();
            """)
        let runs = (1...25).map { index in ["create", "--title", index % 5 == 0 ? "FAIL \(index)" : "Issue \(index)"] }
        let outcomes = try pooled.together(runs)
        #expect(outcomes.filter { $0.status == 0 }.count == 20)
        #expect(outcomes.filter { $0.status != 0 }.count == 5)
        let direct = try Connection(settings: pooled.direct)
        let numbers = try direct.query("SELECT number FROM issues ORDER BY number").rows.map {
            try $0.decode(0, as: Int.self)
        }
        #expect(numbers == Array(1...20))
        let byCreation = try direct.query("SELECT number FROM issues ORDER BY created_at, number").rows.map {
            try $0.decode(0, as: Int.self)
        }
        #expect(byCreation == Array(1...20), "numbers increase with time")
        #expect(try pooled.serverSessions() <= pooled.bouncer.poolSize, "25 clients shared the pool's sessions")
    }

    @Test func twentyAssignersNeverPassTen() async throws {
        let pooled = try await Pooled.fresh()
        defer { pooled.bouncer.stop() }
        for index in 1...20 { _ = try pooled.run(["users", "add", "dev\(index)"]) }
        _ = try pooled.run(["create", "--title", "Popular"])
        let outcomes = try pooled.together((1...20).map { ["assign", "1", "dev\($0)"] })
        #expect(outcomes.filter { $0.status == 0 }.count == 10)
        #expect(outcomes.filter { $0.status == 65 }.count == 10)
        #expect(try pooled.scalar("SELECT count(*) FROM issue_assignees WHERE issue_number = 1") == 10)
        #expect(try pooled.serverSessions() <= pooled.bouncer.poolSize)
    }

    @Test func closingAndReopeningAtOnceKeepsStateAndTimelineConsistent() async throws {
        let pooled = try await Pooled.fresh()
        defer { pooled.bouncer.stop() }
        _ = try pooled.run(["create", "--title", "Contested"])
        let outcomes = try pooled.together((1...20).map { $0 % 2 == 0 ? ["close", "1"] : ["reopen", "1"] })
        #expect(outcomes.allSatisfy { $0.status == 0 })
        let object = try #require(try pooled.json(["show", "1", "--json"]) as? [String: Any])
        ConcurrencyCLITests.expectConsistentAfterClosesAndReopens(object)
    }

    /// `tracker migrate` works through the pooler, also several at once: the migrators' lock
    /// lives in each migration's transaction, so none is left held on a pooled server session.
    @Test func migratorsAtOnceApplyEachFileOnceAndLeaveNoLockBehind() async throws {
        let pooled = try await Pooled.through(try await TestPostgres.shared.emptyDatabase())
        defer { pooled.bouncer.stop() }
        let outcomes = try pooled.together([["migrate"], ["migrate"], ["migrate"]])
        for outcome in outcomes {
            #expect(outcome.status == 0, "\(String(decoding: outcome.stderr, as: UTF8.self))")
        }
        let printed = outcomes.map { String(decoding: $0.stdout, as: UTF8.self) }
        for migration in Migrator.bundled {
            #expect(printed.filter { $0.contains("Applied \(migration.name)") }.count == 1)
        }
        #expect(try pooled.scalar("SELECT count(*) FROM schema_migrations") == Migrator.bundled.count)
        // pg_locks shows the whole server's locks; other tests migrate their own databases meanwhile.
        let advisoryLocksHere = try pooled.scalar(
            """
            SELECT count(*) FROM pg_locks
            WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
            """)
        #expect(advisoryLocksHere == 0)
        let status = try pooled.run(["migrate", "--status"]).stdout.split(separator: "\n")
        #expect(status.count == Migrator.bundled.count && status.allSatisfy { $0.hasSuffix("  applied") })
        #expect(try pooled.run(["migrate"]).stdout == "Database schema is up to date.\n")
    }

    /// LISTEN needs a session of its own, which transaction pooling never gives: watch says so in
    /// one line (exit 69) instead of waiting for changes that cannot arrive.
    @Test func watchSaysInOneLineThatTransactionPoolingCannotCarryLiveUpdates() async throws {
        let pooled = try await Pooled.fresh()
        defer { pooled.bouncer.stop() }
        _ = try pooled.run(["create", "--title", "Pooled"])
        let watched = try pooled.tracker.run(["watch"])
        #expect(watched.status == 69, "\(watched.stderr)")
        #expect(watched.stderr.contains("pgbouncer pool_mode=transaction"), "\(watched.stderr)")
        #expect(watched.stderr.split(separator: "\n").count == 1, "\(watched.stderr)")
        #expect(watched.stdout.isEmpty)
    }
}

/// pgbouncer in transaction mode with a pool per role, as a team runs it: every server session
/// logs in as the client's own role, so the database knows who each change is by, however the
/// pooler hands sessions around.
@Suite struct PerUserPoolCLITests {
    @Test func twoRolesThroughOnePoolerKeepTheirIdentityAndTheirLevels() async throws {
        let team = try await TeamServer.shared.database(publicWritable: false)
        try team.prepareTeam()
        let bouncer = try team.pgbouncer(for: ["alice", "bob"])
        defer { bouncer.stop() }
        let alice = team.tracker(as: "alice", through: bouncer)
        let bob = team.tracker(as: "bob", through: bouncer)
        #expect(try alice.run(["create", "-t", "Through the pooler"]).stdout == "Created issue #1\n")
        let refused = try bob.run(["create", "-t", "Not a writer"])
        #expect(refused.status == 77 && refused.stderr.contains("bob has triage on this tracker"), "\(refused.stderr)")

        let runs = try (0..<12).map { index in
            index.isMultiple(of: 2)
                ? try alice.start(["comment", "1", "--body", "Comment \(index)"])
                : try bob.start([index % 4 == 1 ? "close" : "reopen", "1"])
        }
        for run in runs { #expect(try run.wait().status == 0) }
        let mismatched = try team.scalar(
            """
            SELECT count(*)::text FROM tracker.issue_events e JOIN tracker.users u ON u.id = e.actor_id
             WHERE u.role_name <> e.role_name
                OR (e.kind = 'commented') <> (u.login = 'alice') AND e.kind <> 'created'
            """)
        #expect(mismatched == "0", "every event is by the role that made it")
        #expect(try team.scalar("SELECT count(*)::text FROM tracker.issue_events WHERE kind = 'commented'") == "6")
    }
}
