import Foundation
import Testing
import TrackerCore
import TrackerTestSupport
import TrackerUI

@testable import LineFront
@testable import TerminalKit

/// The issue table on terminals of every width: columns give way by priority.
@MainActor
@Suite struct TableFittingTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let team = ["alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi", "ivan", "judy"]

    func issue(
        _ number: Int64, _ title: String, assignees: [String] = team, labels: [String] = []
    )
        throws -> TrackerCore.Issue
    {
        TrackerCore.Issue(
            number: try IssueNumber(number), title: title, body: "", author: try Login("tester"),
            assignees: try assignees.map { try Login($0) }, createdAt: Timestamp(now.addingTimeInterval(-180)),
            updatedAt: Timestamp(now), labels: try labels.map { try Label(name: try LabelName($0)) })
    }

    func lines(_ issues: [TrackerCore.Issue], width: Int, state: StateFilter = .open) -> [String] {
        var output = IssueListViewModel.Output(filter: IssueFilter(state: state))
        output.issues = issues
        let terminal = ScriptedTerminal(width: width)
        IssueListView(format: .table, now: { Timestamp(now) }).render(output, to: terminal)
        return terminal.output.split(separator: "\n").map(String.init)
    }

    @Test func assigneesShrinkToWholeNamesAndACountBeforeTheTitleIsCut() throws {
        let title = "Login fails when the password is empty"
        let shown = lines([try issue(1, title)], width: 80)
        #expect(shown[0].contains("TITLE") && shown[0].contains("ASSIGNEES") && shown[0].contains("AUTHOR"))
        #expect(shown[1].contains(title), "the title is whole: \(shown[1])")
        let assignees = try #require(shown[1].range(of: #"alice(, [a-z]+)* \+\d+"#, options: .regularExpression))
        let named = shown[1][assignees].split(separator: " +")
        let kept = named[0].components(separatedBy: ", ").count
        #expect(kept + (Int(named[1]) ?? 0) == 10, "the count is of the names left out: \(shown[1])")
        #expect(shown.allSatisfy { DisplayWidth.of($0) <= 80 })
    }

    @Test func theTitleKeepsTheMostAndTheAuthorGoesFirst() throws {
        let title = String(repeating: "a long title ", count: 10)
        let wide = lines([try issue(1, title)], width: 70)
        let titleWidth = try #require(wide[1].range(of: "a long")).lowerBound
        #expect(wide[0].contains("AUTHOR") && wide[1].contains("…"))
        let columns = wide[1][titleWidth...].components(separatedBy: "  ").filter { !$0.isEmpty }
        #expect(columns[0].count >= 20 && columns.allSatisfy { $0.count <= columns[0].count }, "\(wide[1])")
        let narrow = lines([try issue(1, title)], width: 50)
        #expect(!narrow[0].contains("AUTHOR") && narrow[0].contains("CREATED"), "\(narrow[0])")
        let narrower = lines([try issue(1, title)], width: 40)
        #expect(!narrower[0].contains("CREATED") && narrower[0].contains("ASSIGNEES"), "\(narrower[0])")
        #expect((narrow + narrower).allSatisfy { DisplayWidth.of($0) <= 50 })
    }

    @Test func everyWidthFitsWithWideTextLabelsAndState() throws {
        let issues = try [
            issue(7, "設計レビュー：ログイン画面の文字化けを直す（全角スペースを含む長いタイトルです）", labels: ["bug", "ui", "needs review"]),
            issue(12, "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467} family emoji and ❤️", assignees: ["bob"]),
            issue(130, "short", assignees: [], labels: ["日本語ラベル"]),
        ]
        for width in 12...130 {
            let shown = lines(issues, width: width, state: .all)
            #expect(shown.count == 4)
            for line in shown { #expect(DisplayWidth.of(line) <= width, "\(width): \(line)") }
            #expect(shown.dropFirst().allSatisfy { $0.hasPrefix("#") }, "the number is never left out")
        }
    }

    @Test func aListCutKeepsWholeItemsAndCountsTheRest() {
        #expect(Table.cutList("alice, bob, carol", separator: ", ", to: 13) == ("alice, bob", " +1"))
        #expect(Table.cutList("alice, bob, carol", separator: ", ", to: 9) == ("alice", " +2"))
        #expect(Table.cutList("alexandra, bob", separator: ", ", to: 9) == ("alexa", "… +1"))
        #expect(Table.cutList("alexandra", separator: ", ", to: 6) == ("alexa", "…"))
        #expect(Table.cutList("a, b", separator: ", ", to: 2) == ("a", "…"))
    }
}
