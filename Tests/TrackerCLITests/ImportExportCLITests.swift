import Foundation
import Postgres
import Testing
import TrackerTestSupport

@Suite struct ImportExportCLITests {
    func count(_ tracker: TrackerProcess, _ sql: String) throws -> Int {
        try Connection(settings: tracker.environment["DATABASE_URL"]!).query(sql).rows[0].decode(0, as: Int.self)
    }

    static let ghJSON = """
        [
          {"number": 12, "title": "Crash on start", "body": "Steps", "state": "CLOSED", "stateReason": "NOT_PLANNED",
           "author": {"login": "alice", "name": "Alice"}, "assignees": [{"login": "bob"}, {"login": "Carol"}],
           "createdAt": "2024-01-02T03:04:05Z", "updatedAt": "2024-01-03T00:00:00Z", "closedAt": "2024-01-03T00:00:00Z"},
          {"number": 7, "title": "Typo", "body": "", "state": "OPEN", "author": {"login": "bob"}, "assignees": [],
           "createdAt": "2023-12-31T23:59:59.5+01:00", "updatedAt": "2023-12-31T23:59:59.5+01:00", "closedAt": null}
        ]
        """

    @Test func importsGhJSONKeepingNumbersThenRoundTripsThroughExport() async throws {
        let tracker = TrackerProcess(databaseSettings: try await TestPostgres.shared.freshDatabase())
        let imported = try tracker.run(["import", "-"], stdin: ImportExportCLITests.ghJSON)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout == "Imported 2 issues\n")
        #expect(imported.stderr.isEmpty, "no progress bar on a pipe")
        let exported = try tracker.run(["export"])
        let issues = try #require(
            try JSONSerialization.jsonObject(with: Data(exported.stdout.utf8)) as? [[String: Any]])
        #expect(issues.map { $0["number"] as? Int } == [7, 12])
        #expect(issues[1]["createdAt"] as? String == "2024-01-02T03:04:05Z")
        #expect(issues[0]["createdAt"] as? String == "2023-12-31T22:59:59.500000Z")
        #expect(issues[1]["stateReason"] as? String == "NOT_PLANNED")
        #expect((issues[1]["assignees"] as? [[String: String]])?.compactMap { $0["login"] } == ["bob", "Carol"])
        #expect(try count(tracker, "SELECT count(*) FROM users") == 4, "alice, bob, Carol and the importer, tester")

        // Into a fresh tracker: the same JSON back out.
        let copy = TrackerProcess(databaseSettings: try await TestPostgres.shared.freshDatabase())
        #expect(try copy.run(["import", "-"], stdin: exported.stdout).status == 0)
        #expect(try copy.run(["export"]).stdout == exported.stdout)
        // Into a tracker that is not empty: numbered anew, mapping printed.
        let again = try copy.run(["import", "-"], stdin: ImportExportCLITests.ghJSON)
        #expect(again.stdout == "Imported 2 issues\n#12 → #14\n#7 → #13\n")
    }

    @Test func jsonLinesWork() async throws {
        let tracker = TrackerProcess(databaseSettings: try await TestPostgres.shared.freshDatabase())
        let lines = """
            {"number": 1, "title": "One", "author": {"login": "alice"}, "createdAt": "2024-01-01T00:00:00Z"}

            {"number": 2, "title": "Two", "author": {"login": "alice"}, "createdAt": "2024-01-02T00:00:00Z"}
            """
        #expect(try tracker.run(["import", "-"], stdin: lines).stdout == "Imported 2 issues\n")
        let page = try tracker.run(["list", "--after", "2", "--json", "number"]).stdout
        let numbers = (try JSONSerialization.jsonObject(with: Data(page.utf8)) as? [[String: Int]])?.compactMap {
            $0["number"]
        }
        #expect(numbers == [1])
    }

    @Test(arguments: [
        (
            #"[{"title": "ok", "author": {"login": "a"}, "createdAt": "2024-01-01T00:00:00Z"}, {"title": "", "author": {"login": "a"}, "createdAt": "2024-01-01T00:00:00Z"}]"#,
            "record 2 title"
        ),
        (
            #"[{"title": "ok", "author": {"login": "bad_login"}, "createdAt": "2024-01-01T00:00:00Z"}]"#,
            "record 1 author"
        ),
        (#"[{"title": "ok", "author": {"login": "a"}, "createdAt": "yesterday"}]"#, "record 1 createdAt"),
        (
            #"[{"title": "ok", "author": {"login": "a"}, "createdAt": "2024-01-01T00:00:00Z", "state": "MERGED"}]"#,
            "record 1 state"
        ),
        (#"[{"title": 5, "author": {"login": "a"}, "createdAt": "2024-01-01T00:00:00Z"}]"#, "record 1"),
        ("{not json", "line 1"),
    ])
    func aBadRecordNamesItsIndexAndFieldAndNothingIsWritten(_ input: String, _ mentions: String) async throws {
        let tracker = TrackerProcess(databaseSettings: try await TestPostgres.shared.freshDatabase())
        let outcome = try tracker.run(["import", "-"], stdin: input)
        #expect(outcome.status == 65)
        #expect(outcome.stderr.contains(mentions), "\(outcome.stderr)")
        #expect(outcome.stderr.split(separator: "\n").count == 1)
        #expect(try count(tracker, "SELECT count(*) FROM issues") == 0)
        #expect(try count(tracker, "SELECT count(*) FROM users") == 0)
    }

    @Test func invalidUTF8AndNulInAnImportFileAreRefused() async throws {
        let tracker = TrackerProcess(databaseSettings: try await TestPostgres.shared.freshDatabase())
        #expect(try tracker.run(["import", "-"], stdinData: Data([0x5B, 0xFF, 0x5D])).status == 65)
        #expect(try tracker.run(["import", "-"], stdinData: Data("[\"a\u{0}\"]".utf8)).status == 65)
    }
}
