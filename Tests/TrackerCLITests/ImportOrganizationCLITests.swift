import Foundation
import Postgres
import Testing
import TrackerTestSupport

/// gh's `labels` and `milestone` import (missing ones created in the same transaction) and
/// export; a round trip is byte-identical.
@Suite struct ImportOrganizationCLITests {
    static let ghJSON = """
        [{"number": 7, "title": "Login fails", "body": "", "state": "OPEN", "author": {"login": "alice"},
          "assignees": [], "createdAt": "2024-05-01T10:00:00Z", "updatedAt": "2024-05-02T10:00:00Z", "closedAt": null,
          "labels": [{"id": "LA_kwDOAbc1", "name": "bug", "description": "Something isn't working", "color": "d73a4a"},
                     {"id": "LA_kwDOAbc2", "name": "auth", "description": "", "color": "0E8A16"}],
          "milestone": {"number": 3, "title": "v1.0", "description": "First release", "dueOn": "2024-06-30T07:00:00Z"}},
         {"number": 8, "title": "Crash", "body": "", "state": "CLOSED", "stateReason": "COMPLETED",
          "author": {"login": "bob"}, "assignees": [], "createdAt": "2024-05-03T10:00:00Z",
          "updatedAt": "2024-05-04T10:00:00Z", "closedAt": "2024-05-04T10:00:00Z",
          "labels": [{"name": "BUG", "color": "000000", "description": ""}, {"name": "no-colour"}],
          "milestone": {"number": 3, "title": "v1.0", "description": "First release", "dueOn": "2024-06-30T07:00:00Z"}},
         {"number": 9, "title": "Docs", "body": "", "state": "OPEN", "author": {"login": "bob"}, "assignees": [],
          "createdAt": "2024-05-05T10:00:00Z", "labels": [], "milestone": null}]
        """

    func json(_ tracker: TrackerProcess, _ arguments: [String]) throws -> Any {
        let outcome = try tracker.run(arguments)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        return try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8))
    }

    @Test func ghLabelsAndMilestonesImportExportAndRoundTripByteForByte() async throws {
        let tracker = TrackerProcess(databaseSettings: try await TestPostgres.shared.freshDatabase())
        let imported = try tracker.run(["import", "-"], stdin: Self.ghJSON)
        #expect(imported.status == 0 && imported.stdout == "Imported 3 issues\n", "\(imported.stderr)")

        let labels = try json(tracker, ["label", "list", "--json"]) as? [[String: String]]
        #expect(labels?.map { $0["name"] } == ["auth", "bug", "no-colour"])
        #expect(labels?[0]["color"] == "0e8a16" && labels?[1]["color"] == "d73a4a", "the first record's colour wins")
        #expect(labels?[1]["description"] == "Something isn't working")
        let milestones = try json(tracker, ["milestone", "list", "--json"]) as? [[String: Any]]
        #expect(milestones?.count == 1)
        #expect(milestones?.first?["number"] as? Int == 3 && milestones?.first?["title"] as? String == "v1.0")
        #expect(milestones?.first?["dueOn"] as? String == "2024-06-30T07:00:00Z")
        #expect(milestones?.first?["openIssues"] as? Int == 1 && milestones?.first?["closedIssues"] as? Int == 1)
        #expect(milestones?.first?["description"] as? String == "First release")

        let issues = try json(tracker, ["list", "--state", "all", "--label", "bug", "--json", "number,labels"])
        #expect((issues as? [[String: Any]])?.compactMap { $0["number"] as? Int } == [8, 7])
        let events = (try json(tracker, ["show", "7", "--json", "events"]) as? [String: Any])?["events"]
        let kinds = (events as? [[String: Any]] ?? []).compactMap { $0["kind"] as? String }
        #expect(kinds == ["created", "labeled", "labeled", "milestoned"])

        let text = try tracker.run(["export"]).stdout
        #expect(text.contains(#""labels":[{"color":"d73a4a","description":"Something isn't working","name":"bug"}"#))
        let copy = TrackerProcess(databaseSettings: try await TestPostgres.shared.freshDatabase())
        #expect(try copy.run(["import", "-"], stdin: text).status == 0)
        #expect(try copy.run(["export"]).stdout == text, "export → import → export is byte-identical")
        let copied = try json(copy, ["milestone", "list", "--json"]) as? [[String: Any]]
        #expect(copied?.first?["description"] as? String == "First release", "the export carries the description")
    }

    /// Labels and milestones no issue carries travel as records of their own after the issues.
    @Test func labelsAndMilestonesWithNoIssueAreExportedAndImportedBack() async throws {
        let tracker = try await CLITests.tracker()
        #expect(try tracker.run(["label", "create", "unused", "--color", "123abc", "-d", "Nobody's"]).status == 0)
        #expect(try tracker.run(["milestone", "create", "Later", "--due", "2030-01-31"]).status == 0)
        #expect(try tracker.run(["import", "-"], stdin: Self.ghJSON).status == 0)
        let text = try tracker.run(["export"]).stdout
        #expect(
            text.contains(#"{"color":"123abc","description":"Nobody's","kind":"label","name":"unused"}"#), "\(text)")
        #expect(text.contains(#""kind":"milestone","number":1,"state":"OPEN","title":"Later"}]"#), "\(text)")
        #expect(!text.contains(#""kind":"label","name":"bug""#), "a label an issue carries travels with it")

        let copy = TrackerProcess(databaseSettings: try await TestPostgres.shared.freshDatabase())
        let imported = try copy.run(["import", "-"], stdin: text)
        #expect(imported.status == 0 && imported.stdout == "Imported 3 issues\n", "\(imported.stderr)")
        let labels = try json(copy, ["label", "list", "--json"]) as? [[String: String]]
        #expect(labels?.first { $0["name"] == "unused" }?["description"] == "Nobody's")
        let milestones = try json(copy, ["milestone", "list", "--json"]) as? [[String: Any]]
        #expect(milestones?.compactMap { $0["title"] as? String }.sorted() == ["Later", "v1.0"])
        #expect(try copy.run(["export"]).stdout == text, "export → import → export is byte-identical")

        // An export with nothing new but a label someone deleted since brings the label back.
        #expect(try copy.run(["label", "delete", "unused", "--yes"]).status == 0)
        #expect(try copy.run(["import", "-"], stdin: text).status == 0)
        #expect(try copy.run(["export"]).stdout == text)
    }

    @Test func aRecordOfAnUnknownKindIsRefusedInOneLine() async throws {
        let tracker = TrackerProcess(databaseSettings: try await TestPostgres.shared.freshDatabase())
        let outcome = try tracker.run(["import", "-"], stdin: #"[{"kind": "project", "name": "x"}]"#)
        #expect(outcome.status == 65)
        #expect(outcome.stderr.hasPrefix("tracker: invalid record 1 kind: 'project' is not label or milestone"))
        #expect(outcome.stderr.split(separator: "\n").count == 1, "\(outcome.stderr)")
        let bad = try tracker.run(["import", "-"], stdin: #"[{"kind": "label", "name": "x", "color": "red"}]"#)
        #expect(bad.status == 65 && bad.stderr.hasPrefix("tracker: invalid record 1 color: 'red'"), "\(bad.stderr)")
    }

    @Test func importingIntoATrackerWithTheLabelUsesItAsItIs() async throws {
        let tracker = try await CLITests.tracker()
        #expect(try tracker.run(["label", "create", "Bug", "--color", "ffffff"]).status == 0)
        #expect(try tracker.run(["milestone", "create", "V1.0"]).status == 0)
        #expect(try tracker.run(["import", "-"], stdin: Self.ghJSON).status == 0)
        let labels = try json(tracker, ["label", "list", "--json"]) as? [[String: String]]
        #expect(labels?.first(where: { $0["name"] == "Bug" })?["color"] == "ffffff")
        let milestones = try json(tracker, ["milestone", "list", "--json"]) as? [[String: Any]]
        #expect(milestones?.map { $0["title"] as? String } == ["V1.0"])
        #expect(milestones?.first?["openIssues"] as? Int == 1)
    }

    @Test func aBadLabelNamesItsRecordAndNothingIsWritten() async throws {
        let tracker = TrackerProcess(databaseSettings: try await TestPostgres.shared.freshDatabase())
        let bad = Self.ghJSON.replacingOccurrences(of: #""color": "0E8A16""#, with: #""color": "green""#)
        let outcome = try tracker.run(["import", "-"], stdin: bad)
        #expect(outcome.status == 65)
        #expect(outcome.stderr.hasPrefix("tracker: invalid record 1 labels item 2 color: 'green'"), "\(outcome.stderr)")
        #expect(outcome.stderr.split(separator: "\n").count == 1)
        let count: Int = try Connection(settings: tracker.environment["DATABASE_URL"] ?? "").query(
            "SELECT (SELECT count(*) FROM issues) + (SELECT count(*) FROM labels) + (SELECT count(*) FROM milestones)"
        ).rows[0].decode(0)
        #expect(count == 0)
    }
}
