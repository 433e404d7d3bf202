import Foundation
import Postgres
import Testing
import TrackerPostgres
import TrackerTestSupport

/// Runs the built `tracker` binary against a fresh database per test.
@Suite struct CLITests {
    static func tracker() async throws -> TrackerProcess {
        let tracker = TrackerProcess(databaseSettings: try await TestPostgres.shared.freshDatabase())
        let added = try tracker.run(["users", "add", "tester", "--name", "Test Person"])
        #expect(added.status == 0, "\(added.stderr)")
        return tracker
    }

    func jsonArray(_ text: String) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
    }

    @Test func createThenListAsTableAndJSON() async throws {
        let tracker = try await CLITests.tracker()
        let created = try tracker.run(["create", "--title", "Login fails on empty password", "--body", "Steps: …"])
        #expect(created.status == 0)
        #expect(created.stdout == "Created issue #1\n")
        #expect(created.stderr.isEmpty)
        try tracker.run(["create", "--title", "Second"])

        var terminal = tracker
        terminal.environment["TRACKER_FORCE_TTY"] = "120"
        let table = try terminal.run(["list"])
        #expect(table.status == 0)
        let lines = table.stdout.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[1].hasPrefix("#2") && lines[1].contains("Second"))
        #expect(
            lines[2].hasPrefix("#1") && lines[2].contains("Login fails on empty password")
                && lines[2].contains("tester"))

        let json = try jsonArray(try tracker.run(["list", "--json"]).stdout)
        #expect(json.map { $0["number"] as? Int } == [2, 1])
        #expect(json[1]["body"] as? String == "Steps: …")
        #expect((json[1]["author"] as? [String: String])?["login"] == "tester")
        #expect(json[1]["state"] as? String == "OPEN")
        #expect(json[1]["createdAt"] is String && json[1]["updatedAt"] is String)
    }

    @Test func createPrintsTheIssueAsJSON() async throws {
        let tracker = try await CLITests.tracker()
        let created = try tracker.run(["create", "--title", "As JSON", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(created.stdout.utf8)) as? [String: Any])
        #expect(object["number"] as? Int == 1)
        #expect(object["title"] as? String == "As JSON")
    }

    @Test func bodyComesFromAFileOrStandardInput() async throws {
        let tracker = try await CLITests.tracker()
        let file = FileManager.default.temporaryDirectory.appending(path: "notes-\(UUID().uuidString).md")
        try "# Notes\nfrom a file\n".write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(try tracker.run(["create", "--title", "From file", "--body-file", file.path]).status == 0)
        #expect(
            try tracker.run(["create", "--title", "From stdin", "--body-file", "-"], stdin: "piped\nbody").status == 0)
        let bodies = try jsonArray(try tracker.run(["list", "--json"]).stdout).compactMap { $0["body"] as? String }
        #expect(bodies == ["piped\nbody", "# Notes\nfrom a file\n"])
    }

    @Test func listFiltersByStateAndLimit() async throws {
        let tracker = try await CLITests.tracker()
        for title in ["a", "b", "c"] { try tracker.run(["create", "--title", title]) }
        try await TestDatabaseEditor(tracker).execute(
            "UPDATE issues SET state = 'closed', closed_at = now() WHERE number = 1")
        let open = try jsonArray(try tracker.run(["list", "--json"]).stdout).compactMap { $0["title"] as? String }
        #expect(open == ["c", "b"])
        let closed = try jsonArray(try tracker.run(["list", "--state", "closed", "--json"]).stdout)
        #expect(closed.compactMap { $0["title"] as? String } == ["a"])
        #expect(closed.first?["state"] as? String == "CLOSED")
        let all = try jsonArray(try tracker.run(["list", "--state", "all", "--limit", "2", "--json"]).stdout)
        #expect(all.count == 2)
        let limited = try tracker.run(["list", "--limit", "1"])
        #expect(limited.stdout.split(separator: "\n").map { $0.prefix(2) } == ["3\t"])
        #expect(limited.stderr == "note: more issues match: use --limit N, or --limit 0 for all\n")
    }

    @Test(arguments: [
        (["create", "--title", ""], "title"),
        (["create", "--title", "   "], "title"),
        (["create", "--title", String(repeating: "x", count: 257)], "256"),
        (["create", "--title", "red \u{1B}[31m"], "control characters"),
        (["create", "--title", "ok", "--body", String(repeating: "b", count: 65_537)], "65536"),
        (["create", "--title", "ok", "--assignee", "bad_login"], "login"),
        (["create", "--title", "ok", "--assignee", "nobody"], "nobody"),
    ])
    func badInputIsOneLineAndWritesNothing(_ arguments: [String], _ mentions: String) async throws {
        let tracker = try await CLITests.tracker()
        let outcome = try tracker.run(arguments)
        #expect(outcome.status == 65)
        #expect(outcome.stderr.hasPrefix("tracker: "))
        #expect(outcome.stderr.contains(mentions))
        #expect(outcome.stderr.split(separator: "\n").count == 1)
        #expect(outcome.stdout.isEmpty)
        #expect(try jsonArray(try tracker.run(["list", "--json", "--state", "all"]).stdout).isEmpty)
        #expect(try tracker.run(["create", "--title", "next"]).stdout == "Created issue #1\n")
    }

    @Test func invalidUTF8OnStandardInputIsRefused() async throws {
        let tracker = try await CLITests.tracker()
        let outcome = try tracker.run(
            ["create", "--title", "t", "--body-file", "-"], stdinData: Data([0x66, 0xFF, 0xFE]))
        #expect(outcome.status == 65)
        #expect(outcome.stderr.contains("UTF-8"))
        #expect(try jsonArray(try tracker.run(["list", "--json"]).stdout).isEmpty)
    }

    @Test func usageErrorsExitWith64() async throws {
        let tracker = try await CLITests.tracker()
        let badState = try tracker.run(["list", "--state", "done"])
        #expect(badState.status == 64)
        #expect(badState.stderr.contains("open"))
        #expect(badState.stderr.split(separator: "\n").count == 1)
        let help = try tracker.run(["list", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("--state"))
        #expect(try tracker.run(["list", "--limit", "-3"]).status == 64)
        #expect(try tracker.run(["create"]).status == 64)
        #expect(try tracker.run(["create", "--title", "t", "--body", "b", "--body-file", "-"]).status == 64)
    }

    @Test func anUnknownActingUserOnASharedDatabaseIsToldHowToAddOne() async throws {
        var tracker = try await CLITests.tracker()
        tracker.environment["TRACKER_USER"] = "stranger"
        let outcome = try tracker.run(["create", "--title", "t"])
        #expect(outcome.status == 65)
        #expect(outcome.stderr.contains("tracker users add stranger"))
        let asFlag = try tracker.run(["create", "--title", "t", "--as", "tester"])
        #expect(asFlag.status == 0)
        let json = try jsonArray(try tracker.run(["list", "--json"]).stdout)
        #expect((json.first?["author"] as? [String: String])?["login"] == "tester")
    }

    @Test func usersAddAndList() async throws {
        let tracker = try await CLITests.tracker()
        #expect(try tracker.run(["users", "add", "alice", "--name", "Alice Liddell"]).stdout == "Added user alice\n")
        let duplicate = try tracker.run(["users", "add", "ALICE"])
        #expect(duplicate.status == 65)
        #expect(duplicate.stderr.contains("already registered"))
        let listed = try tracker.run(["users", "list", "--search", "al"])
        #expect(listed.stdout.contains("alice") && listed.stdout.contains("Alice Liddell"))
        #expect(!listed.stdout.contains("tester"))
        #expect(try tracker.run(["users", "add", "alf", "--name", "Alf / Melmac"]).status == 0)
        #expect(try tracker.run(["users", "list", "-S", "al"]).stdout == "alf\tAlf / Melmac\nalice\tAlice Liddell\n")
        var atTerminal = tracker
        atTerminal.environment["TRACKER_FORCE_TTY"] = "100"
        #expect(
            try atTerminal.run(["users", "list", "-S", "al"]).stdout == "alf    Alf / Melmac\nalice  Alice Liddell\n")
        let json = try tracker.run(["users", "list", "-S", "al", "--json"]).stdout
        #expect(
            json == "[{\"login\":\"alf\",\"name\":\"Alf / Melmac\"},{\"login\":\"alice\",\"name\":\"Alice Liddell\"}]\n"
        )
        #expect(
            try atTerminal.run(["users", "list", "-S", "al", "--json"]).stdout == """
                [
                  {
                    "login" : "alf",
                    "name" : "Alf / Melmac"
                  },
                  {
                    "login" : "alice",
                    "name" : "Alice Liddell"
                  }
                ]

                """)
    }

    @Test func aMalformedDatabaseURLIsInvalidInput() throws {
        let tracker = TrackerProcess(databaseSettings: "postgresql://u@h/db?no_such_option=1")
        let outcome = try tracker.run(["list"])
        #expect(outcome.status == 65)
        #expect(outcome.stderr.contains("database URL"))
    }

    @Test func anUnreachableDatabaseNamesTheHostButNeverThePassword() throws {
        let tracker = TrackerProcess(databaseSettings: "postgresql://alice:hunter2-secret@127.0.0.1:1/tracker")
        let outcome = try tracker.run(["list"])
        #expect(outcome.status == 69)
        #expect(outcome.stderr.contains("127.0.0.1"))
        #expect(!outcome.stderr.contains("hunter2-secret") && !outcome.stdout.contains("hunter2-secret"))
    }

    @Test func migrateStatusAndAnOldSchemaOnASharedDatabase() async throws {
        let tracker = TrackerProcess(databaseSettings: try await TestPostgres.shared.emptyDatabase())
        let refused = try tracker.run(["list"])
        #expect(refused.status == 78)
        #expect(refused.stderr.contains("tracker migrate"))
        #expect(try tracker.run(["migrate", "--status"]).stdout.contains("pending"))
        #expect(try tracker.run(["migrate"]).stdout.contains("Applied 0001"))
        #expect(try tracker.run(["migrate"]).stdout == "Database schema is up to date.\n")
        #expect(try tracker.run(["migrate", "--status"]).stdout.contains("applied"))
        #expect(try tracker.run(["list"]).status == 0)
    }

    /// A schema behind the binary is refused whether the guard function (migration 0005) is there
    /// to say so (one migration behind) or not yet (at 0004, its absence says it).
    @Test(arguments: [1, 4])
    func aSchemaBehindTheBinaryIsRefusedForReadsAndWrites(migrationsMissing: Int) async throws {
        let settings = try await TestPostgres.shared.emptyDatabase()
        try await Migrator(
            database: Database(settings: settings), migrations: Array(Migrator.bundled.dropLast(migrationsMissing))
        )
        .migrate()
        let tracker = TrackerProcess(databaseSettings: settings)
        for command in [["list"], ["create", "--title", "Not written"]] {
            let refused = try tracker.run(command)
            #expect(refused.status == 78, "\(command): \(refused.stderr)")
            #expect(refused.stderr.contains("tracker migrate"), "\(command)")
        }
        #expect(try EmptyTrackerImportCLITests.count("SELECT count(*) FROM issues", settings) == 0)
    }
}

/// Direct SQL for arranging a test's data where no command exists yet.
struct TestDatabaseEditor {
    let settings: String
    init(_ tracker: TrackerProcess) { settings = tracker.environment["DATABASE_URL"]! }
    func execute(_ sql: String) async throws { try Connection(settings: settings).execute(sql) }
}
