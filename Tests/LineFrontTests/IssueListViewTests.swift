import Foundation
import LineFront
import TerminalKit
import Testing
import TrackerCore
import TrackerTestSupport
import TrackerUI

@MainActor
@Suite struct IssueListViewTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func issue(_ number: Int64, _ title: String, body: String = "") throws -> TrackerCore.Issue {
        TrackerCore.Issue(
            number: try IssueNumber(number), title: title, body: body, author: try Login("alice"),
            assignees: [try Login("bob")], createdAt: Timestamp(now.addingTimeInterval(-180)),
            updatedAt: Timestamp(now.addingTimeInterval(-60)))
    }

    func output(_ issues: [TrackerCore.Issue], state: StateFilter = .open) -> IssueListViewModel.Output {
        var output = IssueListViewModel.Output(filter: IssueFilter(state: state))
        output.issues = issues
        return output
    }

    @Test func rendersATableWithAgeAndAssignees() throws {
        let terminal = ScriptedTerminal()
        IssueListView(format: .table, now: { Timestamp(now) }).render(output([try issue(7, "Crash")]), to: terminal)
        let lines = terminal.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("#"))
        #expect(lines[0].contains("TITLE") && lines[0].contains("ASSIGNEES") && lines[0].contains("CREATED"))
        #expect(lines[1].contains("#7") && lines[1].contains("Crash") && lines[1].contains("bob"))
        #expect(lines[1].contains("3 minutes ago"))
        #expect(!lines[0].contains("STATE"))
    }

    @Test func cutsLongTitlesToTheTerminalWidth() throws {
        let terminal = ScriptedTerminal(width: 60)
        let title = String(repeating: "word ", count: 40)
        IssueListView(format: .table, now: { Timestamp(now) }).render(output([try issue(1, title)]), to: terminal)
        for line in terminal.output.split(separator: "\n") { #expect(line.count <= 60) }
        #expect(terminal.output.contains("…"))
    }

    @Test func storedEscapeSequencesAreShownNotExecuted() throws {
        var sneaky = try issue(1, "ok")
        sneaky.title = "evil \u{1B}]0;pwned\u{7} \u{9B}2J"
        let terminal = ScriptedTerminal()
        IssueListView(format: .table, now: { Timestamp(now) }).render(output([sneaky]), to: terminal)
        #expect(!terminal.output.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x9B })
        #expect(terminal.output.contains("^[]0;pwned^G"))
        #expect(terminal.output.contains("<U+009B>2J"))
    }

    @Test func showsTheStateColumnWhenClosedIssuesCanAppear() throws {
        let terminal = ScriptedTerminal()
        IssueListView(format: .table, now: { Timestamp(now) }).render(
            output([try issue(1, "x")], state: .all), to: terminal)
        #expect(terminal.output.contains("STATE"))
        #expect(terminal.output.contains("open"))
    }

    @Test func rendersJSONWithTheDocumentedFields() throws {
        let terminal = ScriptedTerminal()
        IssueListView(format: .json).render(output([try issue(3, "Crash", body: "b\n\"q\"")]), to: terminal)
        let parsed = try #require(
            try JSONSerialization.jsonObject(with: Data(terminal.output.utf8)) as? [[String: Any]])
        #expect(parsed.count == 1)
        let object = parsed[0]
        #expect(
            Set(object.keys) == [
                "number", "title", "body", "state", "stateReason", "author", "assignees", "comments", "labels",
                "milestone",
                "createdAt", "updatedAt", "closedAt", "priority", "dueOn", "parent", "subIssuesSummary", "blockedBy",
                "duplicateOf",
            ])
        #expect((object["comments"] as? [Any])?.isEmpty == true, "an issue read without comments lists none")
        #expect(object["number"] as? Int == 3)
        #expect(object["body"] as? String == "b\n\"q\"")
        #expect(object["state"] as? String == "OPEN")
        #expect((object["author"] as? [String: String])?["login"] == "alice")
        #expect((object["assignees"] as? [[String: String]])?.first?["login"] == "bob")
        #expect(object["createdAt"] as? String == "2027-01-15T07:57:00Z")
        #expect(object["closedAt"] is NSNull)
    }

    @Test func anEmptyListPrintsTheNoticeOrAnEmptyArray() {
        var empty = output([])
        empty.notice = .noIssues(.open)
        let table = ScriptedTerminal()
        IssueListView(format: .table).render(empty, to: table)
        #expect(table.output == "No open issues.\n")
        let json = ScriptedTerminal()
        IssueListView(format: .json).render(empty, to: json)
        #expect(json.output.trimmingCharacters(in: .whitespacesAndNewlines).filter { !$0.isWhitespace } == "[]")
    }
}

@Suite struct RelativeTimeTests {
    @Test func describesAgesLikeGh() {
        let now = Date(timeIntervalSince1970: 1_000_000)
        #expect(RelativeTime.describe(Timestamp(now.addingTimeInterval(-5)), now: Timestamp(now)) == "just now")
        #expect(RelativeTime.describe(Timestamp(now.addingTimeInterval(-60)), now: Timestamp(now)) == "1 minute ago")
        #expect(
            RelativeTime.describe(Timestamp(now.addingTimeInterval(-3 * 3600)), now: Timestamp(now)) == "3 hours ago")
        #expect(
            RelativeTime.describe(Timestamp(now.addingTimeInterval(-2 * 86_400)), now: Timestamp(now)) == "2 days ago")
    }
}
