import Foundation
import Interchange
import Testing
import TrackerCore

/// gh's `labels` and `milestone` fields on an imported issue, and one clear line naming the
/// record for each bad one.
@Suite struct OrganizationImportParserTests {
    func record(labels: String = "[]", milestone: String = "null") -> String {
        """
        [{"title": "ok", "author": {"login": "a"}, "createdAt": "2024-01-01T00:00:00Z"},
         {"title": "t", "author": {"login": "a"}, "createdAt": "2024-01-01T00:00:00Z",
          "labels": \(labels), "milestone": \(milestone)}]
        """
    }

    func failure(_ text: String) -> String? {
        do {
            _ = try IssueImportParser.parse(Data(text.utf8))
            return nil
        } catch {
            return error.description
        }
    }

    @Test func readsGhLabelsAndMilestone() throws {
        let text = record(
            labels: """
                [{"id": "LA_kwDOAbc", "name": "bug", "color": "D73A4A", "description": "Something is broken"},
                 {"name": "ui"}, {"name": "BUG", "color": "000000"}]
                """,
            milestone: """
                {"number": 3, "title": "v1.0", "description": "First", "dueOn": "2024-06-30T00:00:00Z"}
                """)
        let issue = try #require(try IssueImportParser.parse(Data(text.utf8)).last)
        #expect(issue.labels.map(\.name.value) == ["bug", "ui"], "a repeated name (any case) is dropped")
        #expect(issue.labels[0].color.hex == "d73a4a" && issue.labels[0].description == "Something is broken")
        let picked = LabelColor.picked(for: try LabelName("ui"))
        #expect(issue.labels[1].color == picked, "a missing colour is picked")
        let milestone = try #require(issue.milestone)
        let number = try MilestoneNumber(3)
        let title = try MilestoneTitle("v1.0")
        #expect(milestone.number == number && milestone.title == title)
        #expect(milestone.description == "First" && milestone.state == .open)
        #expect(milestone.dueOn == Timestamp(iso8601: "2024-06-30T00:00:00Z"))
    }

    @Test func readsTrackerExportsMilestoneWithItsStateAndNoMilestone() throws {
        let closed = try IssueImportParser.parse(
            Data(record(milestone: #"{"number": 1, "title": "Old", "dueOn": null, "state": "CLOSED"}"#).utf8))
        #expect(closed.last?.milestone?.state == .closed && closed.last?.milestone?.dueOn == nil)
        let none = try IssueImportParser.parse(Data(record().utf8))
        #expect(none.allSatisfy { $0.milestone == nil && $0.labels.isEmpty })
    }

    @Test(arguments: [
        (#"[{"name": ""}]"#, "null", "invalid record 2 labels item 1 name: cannot be empty; nothing was imported"),
        (
            #"[{"name": "bug"}, {"name": "ok", "color": "red"}]"#, "null",
            "invalid record 2 labels item 2 color: 'red' is not a colour"
        ),
        (
            "[{\"name\": \"\(String(repeating: "x", count: 51))\"}]", "null",
            "invalid record 2 labels item 1 name: is 51 characters, the limit is 50"
        ),
        (#"[{"name": "a\u001bb"}]"#, "null", "invalid record 2 labels item 1 name: control characters"),
        (
            "[{\"name\": \"a\", \"description\": \"\(String(repeating: "d", count: 101))\"}]", "null",
            "invalid record 2 labels item 1 description: is 101 characters, the limit is 100"
        ),
        ("[]", #"{"number": 1}"#, "invalid record 2 milestone title: cannot be empty; nothing was imported"),
        ("[]", #"{"number": 0, "title": "v1"}"#, "invalid record 2 milestone number: '0' is not a whole number"),
        ("[]", #"{"title": "v1", "dueOn": "2024-13-01"}"#, "invalid record 2 milestone dueOn: '2024-13-01'"),
        ("[]", #"{"title": "v1", "state": "DONE"}"#, "invalid record 2 milestone state: 'done' is not OPEN or CLOSED"),
        (#"["bug"]"#, "null", "record 2 labels item 1"),
    ])
    func aBadLabelOrMilestoneNamesItsRecord(_ labels: String, _ milestone: String, _ expected: String) {
        let message = failure(record(labels: labels, milestone: milestone))
        #expect(message?.contains(expected) == true, "\(message ?? "no error")")
        #expect(message?.contains("\n") == false)
    }
}
