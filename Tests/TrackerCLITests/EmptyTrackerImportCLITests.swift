import Foundation
import Postgres
import Testing
import TrackerTestSupport

/// `tracker import` into an empty tracker loads the issue tables without their plain indexes,
/// foreign keys and assignee-count trigger, then builds them again, all inside its one
/// transaction (issue 13): the same schema and the same issues afterwards, nothing at all after a
/// crash in the middle, and today's path where the role may not drop them.
@Suite struct EmptyTrackerImportCLITests {
    /// An export of `size` seeded issues (labels, milestones, assignees, comments, mentions).
    static func seededExport(_ size: Int) async throws -> (file: URL, printed: String) {
        let source = try await TestPostgres.shared.freshDatabase()
        try SeedData.seed(size, settings: source)
        let exported = try TrackerProcess(databaseSettings: source).run(["export"])
        try #require(exported.status == 0, "\(exported.stderr)")
        let file = FileManager.default.temporaryDirectory.appending(path: "seeded-\(UUID().uuidString).json")
        try Data(exported.stdout.utf8).write(to: file)
        return (file, exported.stdout)
    }

    /// Some of these databases are not the test helper's, so the tracker's schema is named here.
    static func count(_ sql: String, _ settings: String) throws -> Int64 {
        let connection = try Connection(settings: settings)
        try connection.execute("SET search_path = tracker")
        return try connection.query(sql).rows[0].decode(0)
    }

    @Test func theSameIssuesAndTheSameSchemaComeOutAndOnlyAnEmptyTrackerSetsThingsAside() async throws {
        let seeded = try await Self.seededExport(1_500)
        defer { try? FileManager.default.removeItem(at: seeded.file) }
        let target = try await TestPostgres.shared.freshDatabase()
        let schema = try SchemaSnapshot.take(target)
        let tracker = TrackerProcess(databaseSettings: target)

        let imported = try tracker.run(["import", "--verbose", seeded.file.path])
        #expect(imported.status == 0, "\(imported.stderr)")
        for phase in [
            "set aside 25 indexes, 31 foreign keys and the assignee-count trigger", "copied 1500 issues",
            "built index issues_search_words", "built index issue_events_feed", "built index issue_events_milestoned",
            "checked foreign key issue_events_issue_number_fkey", "checked foreign key issues_milestone_number_fkey",
            "checked assignee counts",
        ] {
            #expect(imported.stderr.contains("tracker: \(phase) in "), "\(phase): \(imported.stderr)")
        }
        #expect(try SchemaSnapshot.take(target) == schema, "every index, key and trigger is back, the same")
        #expect(try tracker.run(["export"]).stdout == seeded.printed, "the same issues come out")
        #expect(
            try Self.count(
                """
                SELECT count(*) FROM issues i
                 WHERE assignee_count <> (SELECT count(*) FROM issue_assignees a WHERE a.issue_number = i.number)
                """, target) == 0)
        #expect(try Self.count("SELECT count(*) FROM issues WHERE assignee_count > 0", target) > 100)

        let skipped = try tracker.run(["import", seeded.file.path])
        #expect(skipped.stdout == "1500 issues were already imported (skipped)\n", "\(skipped.stderr)")
        // Another tracker's export of the same issues: new sources, so 1,500 new issues.
        let other = seeded.file.deletingLastPathComponent().appending(path: "other-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: other) }
        try Data(seeded.printed.replacing(/tracker:\/\/[0-9a-f-]{36}\//, with: "tracker://another/").utf8).write(
            to: other)
        let again = try tracker.run(["import", "--verbose", other.path])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(!again.stderr.contains("set aside"), "a tracker with issues keeps its indexes: \(again.stderr)")
        #expect(again.stderr.contains("tracker: copied 1500 issues in "))
        #expect(try SchemaSnapshot.take(target) == schema)
        #expect(
            try Self.count(
                """
                SELECT count(*) FROM issues i
                 WHERE assignee_count <> (SELECT count(*) FROM issue_assignees a WHERE a.issue_number = i.number)
                """, target) == 0, "the trigger counts the second import's assignees")
        #expect(try Self.count("SELECT count(*) FROM issues", target) == 3_000)
    }

    /// A maintainer who owns no table imports the same way as the owner: the import's functions
    /// move the rows in as the tables' owner, setting aside and building back the same structures.
    @Test func aMaintainerWhoOwnsNoTableImportsTheSameWay() async throws {
        let seeded = try await Self.seededExport(200)
        defer { try? FileManager.default.removeItem(at: seeded.file) }
        let team = try await TeamServer.shared.database(publicWritable: false)
        try team.prepareTeam()
        let target = team.url(as: "owner")
        let schema = try SchemaSnapshot.take(target)
        let imported = try team.tracker(as: "dana").run(["import", "--verbose", seeded.file.path])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stderr.contains("tracker: set aside 25 indexes"), "\(imported.stderr)")
        #expect(imported.stderr.contains("tracker: copied 200 issues in "))
        #expect(try SchemaSnapshot.take(target) == schema)
        #expect(try team.tracker(as: "dana").run(["export"]).stdout == seeded.printed)
        let importer = try team.scalar(
            "SELECT u.login FROM tracker.imports i JOIN tracker.users u ON u.id = i.user_id")
        #expect(importer == "dana", "the timeline's imported events say who imported them")
        let refused = try team.tracker(as: "alice").run(["import", seeded.file.path])
        #expect(
            refused.status == 77 && refused.stderr.contains("alice has write on this tracker; importing needs maintain")
        )
    }

    @Test func killingTheServerWhileTheIndexesAreAsideLeavesTheTrackerAsItWas() async throws {
        let seeded = try await Self.seededExport(1_000)
        defer { try? FileManager.default.removeItem(at: seeded.file) }
        let cluster = LocalCluster(
            directory: FileManager.default.temporaryDirectory.appending(
                path: "tracker-crash-\(UUID().uuidString.prefix(8))"),
            databaseName: "app", superuser: "app", ephemeral: true)
        defer {
            _ = try? cluster.stop()
            try? FileManager.default.removeItem(at: cluster.directory)
        }
        let settings = try cluster.ensureRunning()
        let tracker = TrackerProcess(databaseSettings: settings)
        #expect(try tracker.run(["migrate"]).status == 0)
        #expect(try tracker.run(["users", "add", "tester"]).status == 0)
        // A statement trigger on comments waits for an advisory lock the test holds: the import
        // stops there, after its indexes and foreign keys are set aside and its issues and events
        // are in, and before it builds anything again.
        let blocker = try Connection(settings: settings)
        try blocker.execute(
            """
            SET search_path = tracker;
            CREATE FUNCTION wait_for_the_test() RETURNS trigger LANGUAGE plpgsql
                AS $$ BEGIN PERFORM pg_advisory_xact_lock(4242); RETURN NULL; END $$;
            CREATE TRIGGER wait_for_the_test AFTER INSERT ON all_issue_comments
                FOR EACH STATEMENT EXECUTE FUNCTION wait_for_the_test();
            SELECT pg_advisory_lock(4242);
            """)
        let schema = try SchemaSnapshot.take(settings)
        let importing = try tracker.start(["import", "--verbose", seeded.file.path])
        _ = try WatchingProcess.waitFor("the import to wait for the test's lock", in: importing) {
            try Self.count(
                """
                SELECT count(*) FROM pg_stat_activity
                 WHERE wait_event = 'advisory' AND query LIKE '%tracker_import_finish%'
                """,
                settings) == 1 ? true : nil
        }
        try killServer(cluster)
        let ended = try importing.wait()
        let said = String(decoding: ended.stderr, as: UTF8.self)
        #expect(ended.status != 0, "the import cannot have committed: \(said)")
        // The steps inside the database are reported when its function ends, which it never did;
        // the import's own steps up to it were.
        #expect(
            said.contains("tracker: copied events in ") && said.contains("tracker: recorded mentions in "), "\(said)")

        let restarted = try cluster.ensureRunning()
        #expect(try SchemaSnapshot.take(restarted) == schema, "every index, key and trigger as before")
        for table in ["issues", "issue_events", "issue_comments", "issue_assignees", "labels", "milestones"] {
            #expect(try Self.count("SELECT count(*) FROM \(table)", restarted) == 0, "\(table) is empty")
        }
        #expect(try Self.count("SELECT count(*) FROM milestones", restarted) == 0)
        #expect(try Self.count("SELECT count(*) FROM users", restarted) == 1, "only tester")
        #expect(try Self.count("SELECT last_number FROM issue_number_counter", restarted) == 0)

        let imported = try tracker.run(["import", seeded.file.path])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try SchemaSnapshot.take(restarted) == schema)
        #expect(try tracker.run(["export"]).stdout == seeded.printed)
    }

    /// SIGKILL to the postmaster and every process it started, as a crash would.
    func killServer(_ cluster: LocalCluster) throws {
        let pidFile = try String(
            contentsOf: cluster.dataDirectory.appending(path: "postmaster.pid"), encoding: .utf8)
        let postmaster = try #require(pidFile.split(separator: "\n").first.flatMap { pid_t($0) })
        let children = try FileManager.default.contentsOfDirectory(atPath: "/proc").compactMap { entry -> pid_t? in
            guard let pid = pid_t(entry),
                let status = try? String(contentsOfFile: "/proc/\(entry)/status", encoding: .utf8),
                status.split(separator: "\n").contains("PPid:\t\(postmaster)")
            else { return nil }
            return pid
        }
        kill(postmaster, SIGKILL)
        for child in children { kill(child, SIGKILL) }
        _ = try WatchingProcess.waitFor("the server's processes to end") {
            ([postmaster] + children).allSatisfy { kill($0, 0) != 0 } ? true : nil
        }
    }
}
