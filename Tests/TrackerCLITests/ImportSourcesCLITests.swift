import Foundation
import Postgres
import Testing
import TrackerTestSupport

/// Imports can't duplicate (issue 29, item 5): a record already imported (by gh's `url`, else
/// its fingerprint) is skipped before numbers are given; `--dry-run` writes nothing; `--undo`
/// takes the last import back unless one of its issues changed since; an export names every
/// issue (`url`), so importing it again is recognised and export → import → export is the same.
@Suite struct ImportSourcesCLITests {
    /// Two records with gh's `url`, one without (known by its fingerprint).
    static let ghJSON = """
        [
          {"number": 12, "title": "Crash on start", "body": "Steps", "state": "OPEN",
           "author": {"login": "alice"}, "createdAt": "2024-01-02T03:04:05Z",
           "url": "https://github.com/acme/app/issues/12"},
          {"number": 7, "title": "Typo", "body": "", "state": "OPEN", "author": {"login": "bob"},
           "createdAt": "2023-12-31T23:59:59Z", "url": "https://github.com/acme/app/issues/7"},
          {"number": 3, "title": "No address", "body": "Only a fingerprint", "author": {"login": "bob"},
           "createdAt": "2023-06-01T00:00:00Z"}
        ]
        """

    /// The same three and a new one.
    static let mixedJSON = """
        [
          {"number": 3, "title": "No address", "body": "Only a fingerprint", "author": {"login": "bob"},
           "createdAt": "2023-06-01T00:00:00Z"},
          {"number": 20, "title": "New one", "author": {"login": "dan"}, "createdAt": "2024-02-01T00:00:00Z",
           "url": "https://github.com/acme/app/issues/20"},
          {"number": 12, "title": "Crash on start", "body": "Steps", "author": {"login": "alice"},
           "createdAt": "2024-01-02T03:04:05Z", "url": "https://github.com/acme/app/issues/12"},
          {"number": 7, "title": "Typo", "author": {"login": "bob"}, "createdAt": "2023-12-31T23:59:59Z",
           "url": "https://github.com/acme/app/issues/7"}
        ]
        """

    /// Rows of every table an import writes, and the counters it moves.
    static func counts(_ tracker: TrackerProcess) throws -> [Int] {
        let connection = try Connection(settings: tracker.environment["DATABASE_URL"]!)
        return try [
            "issues", "issue_events", "issue_comments", "users", "labels", "milestones", "imports", "changes",
        ].map { try connection.query("SELECT count(*) FROM \($0)").rows[0].decode(0, as: Int.self) }
            + [
                try connection.query("SELECT last_number FROM issue_number_counter").rows[0].decode(0, as: Int.self),
                try connection.query("SELECT sum(last_value) FROM id_counters").rows[0].decode(0, as: Int.self),
            ]
    }

    @Test func importingTheSameFileAgainWritesNothingAndSaysSo() async throws {
        let tracker = TrackerProcess(databaseSettings: try await TestPostgres.shared.freshDatabase())
        let first = try tracker.run(["import", "-"], stdin: Self.ghJSON)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout == "Imported 3 issues\n")
        let before = try Self.counts(tracker)
        let again = try tracker.run(["import", "-"], stdin: Self.ghJSON)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout == "3 issues were already imported (skipped)\n")
        #expect(try Self.counts(tracker) == before, "no issue, event, user or counter written")
    }

    @Test func aMixedFileImportsOnlyTheNewRecordsAndRenumbersOnlyThem() async throws {
        let tracker = TrackerProcess(databaseSettings: try await TestPostgres.shared.freshDatabase())
        #expect(try tracker.run(["import", "-"], stdin: Self.ghJSON).status == 0)
        let mixed = try tracker.run(["import", "-"], stdin: Self.mixedJSON)
        #expect(mixed.status == 0, "\(mixed.stderr)")
        #expect(mixed.stdout == "Imported 1 issue\n#20 → #13\n3 issues were already imported (skipped)\n")
        let listed = try tracker.run(["list", "--state", "all", "--json", "number,title"]).stdout
        #expect(listed.components(separatedBy: "\"title\"").count - 1 == 4)
        #expect(listed.contains("\"New one\""))
    }

    @Test func twoRecordsOfOneSourceAreRefused() async throws {
        let tracker = TrackerProcess(databaseSettings: try await TestPostgres.shared.freshDatabase())
        let twice = """
            [{"title": "A", "author": {"login": "alice"}, "createdAt": "2024-01-01T00:00:00Z", "url": "https://x/1"},
             {"title": "B", "author": {"login": "alice"}, "createdAt": "2024-01-01T00:00:00Z", "url": "https://x/1"}]
            """
        let refused = try tracker.run(["import", "-"], stdin: twice)
        #expect(refused.status == 65)
        #expect(refused.stderr == "tracker: invalid record 2: repeats record 1 (the same url); nothing was imported\n")
        #expect(try Self.counts(tracker)[0] == 0)
    }

    @Test func aDryRunSaysWhatWouldHappenAndWritesNothing() async throws {
        let tracker = TrackerProcess(databaseSettings: try await TestPostgres.shared.freshDatabase())
        #expect(try tracker.run(["import", "-"], stdin: Self.ghJSON).status == 0)
        let before = try Self.counts(tracker)
        let dry = try tracker.run(["import", "--dry-run", "-"], stdin: Self.mixedJSON)
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(
            dry.stdout
                == "Would import 1 issue\n#20 → #13\n3 issues were already imported (would be skipped)\n"
                + "Dry run: nothing was written\n")
        #expect(try Self.counts(tracker) == before, "no row and no counter moved")
        #expect(try tracker.run(["users", "list"]).stdout.contains("dan") == false, "dan was not registered")
        // What the dry run said is what the import then does.
        let real = try tracker.run(["import", "-"], stdin: Self.mixedJSON)
        #expect(real.stdout == "Imported 1 issue\n#20 → #13\n3 issues were already imported (skipped)\n")
    }

    @Test func undoTakesBackTheLastImportWholeAndTheFileCanComeAgain() async throws {
        let tracker = TrackerProcess(databaseSettings: try await TestPostgres.shared.freshDatabase())
        #expect(try tracker.run(["users", "add", "tester"]).status == 0)
        #expect(try tracker.run(["create", "-t", "Written here"]).status == 0)
        let before = try Self.counts(tracker)
        let imported = try tracker.run(["import", "-"], stdin: Self.ghJSON)
        #expect(imported.stdout == "Imported 3 issues\n#12 → #4\n#7 → #3\n#3 → #2\n", "\(imported.stderr)")
        let undone = try tracker.run(["import", "--undo"])
        #expect(undone.status == 0, "\(undone.stderr)")
        #expect(undone.stdout.hasPrefix("Undid import 1 (by tester at "))
        #expect(undone.stdout.hasSuffix("): removed 3 issues\n"))
        let after = try Self.counts(tracker)
        #expect(after[0] == before[0] && after[1] == before[1], "the issues and their timelines are gone")
        #expect(try tracker.run(["show", "1"]).status == 0, "the issue written here stays")
        #expect(try tracker.run(["show", "2"]).status == 65)
        let nothing = try tracker.run(["import", "--undo"])
        #expect(nothing.status == 65)
        #expect(nothing.stderr == "tracker: there is no import to undo\n")
        let again = try tracker.run(["import", "-"], stdin: Self.ghJSON)
        #expect(again.stdout == "Imported 3 issues\n#12 → #7\n#7 → #6\n#3 → #5\n", "the sources are free again")
    }

    @Test func undoIsRefusedOnceAnImportedIssueChanged() async throws {
        let tracker = TrackerProcess(databaseSettings: try await TestPostgres.shared.freshDatabase())
        #expect(try tracker.run(["import", "-"], stdin: Self.ghJSON).status == 0)
        #expect(try tracker.run(["comment", "7", "--body", "Seen it"]).status == 0)
        let before = try Self.counts(tracker)
        let refused = try tracker.run(["import", "--undo"])
        #expect(refused.status == 75)
        #expect(refused.stderr.split(separator: "\n").count == 1)
        #expect(refused.stderr.hasPrefix("tracker: cannot undo the import of "))
        #expect(refused.stderr.contains(": #7 has changed since (tester commented at "))
        #expect(refused.stderr.hasSuffix("; nothing was changed\n"))
        #expect(try Self.counts(tracker) == before)
    }

    @Test func undoAndDryRunTakeTheirOwnArguments() async throws {
        let tracker = TrackerProcess(databaseSettings: try await TestPostgres.shared.freshDatabase())
        #expect(try tracker.run(["import", "--undo", "-"]).status == 64)
        #expect(try tracker.run(["import", "--undo", "--dry-run"]).status == 64)
        #expect(try tracker.run(["import"]).status == 64)
    }

    @Test func anExportComesBackByteForByteAndIsRecognisedWhereverItIsImported() async throws {
        let source = TrackerProcess(databaseSettings: try await TestPostgres.shared.freshDatabase())
        #expect(try source.run(["import", "-"], stdin: Self.ghJSON).status == 0)
        #expect(try source.run(["create", "-t", "Written here", "-b", "Body"]).status == 0)
        #expect(try source.run(["comment", "13", "--body", "A comment"]).status == 0)
        let exported = try source.run(["export"]).stdout
        #expect(exported.contains("\"url\":\"https://github.com/acme/app/issues/12\""))
        let own = try #require(exported.firstMatch(of: /"url":"(tracker:\/\/[0-9a-f-]{36}\/issues\/)13"/))
        #expect(exported.contains("\"url\":\"\(own.1)3\""), "a record known by its fingerprint has the tracker's url")

        let copy = TrackerProcess(databaseSettings: try await TestPostgres.shared.freshDatabase())
        #expect(try copy.run(["import", "-"], stdin: exported).stdout == "Imported 4 issues\n")
        #expect(try copy.run(["export"]).stdout == exported, "export → import → export is byte-identical")
        #expect(try copy.run(["import", "-"], stdin: exported).stdout == "4 issues were already imported (skipped)\n")
        #expect(
            try source.run(["import", "-"], stdin: exported).stdout == "4 issues were already imported (skipped)\n",
            "the tracker's own export is recognised by its own urls")
        #expect(
            try source.run(["import", "-"], stdin: Self.ghJSON).stdout == "3 issues were already imported (skipped)\n")
    }
}
