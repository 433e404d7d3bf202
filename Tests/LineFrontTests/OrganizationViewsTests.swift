import Foundation
import Testing
import TrackerCore
import TrackerTestSupport
import TrackerUI

@testable import LineFront

/// Labels and milestones on the list and issue screens, and the label and milestone tables:
/// colour only on a colour terminal, names escaped, progress and overdue dates.
@MainActor
@Suite struct OrganizationViewsTests {
    let now = Timestamp(Date(timeIntervalSince1970: 1_800_000_000))

    func issue(labels: [Label], milestone: IssueMilestone? = nil) throws -> TrackerCore.Issue {
        TrackerCore.Issue(
            number: try IssueNumber(4), title: "Crash", body: "", author: try Login("alice"), createdAt: now,
            updatedAt: now, labels: labels, milestone: milestone)
    }

    func labels() throws -> [Label] {
        [
            try Label(name: try LabelName("bug"), color: try LabelColor("d73a4a"), description: "Broken"),
            try Label(name: try LabelName("ui"), color: try LabelColor("1d76db")),
        ]
    }

    func listOutput(_ issues: [TrackerCore.Issue]) -> IssueListViewModel.Output {
        var output = IssueListViewModel.Output(filter: IssueFilter())
        output.issues = issues
        return output
    }

    @Test func theListShowsALabelsColumnOnlyWhenAnIssueHasLabels() throws {
        let plain = ScriptedTerminal()
        IssueListView(format: .table, now: { now }).render(listOutput([try issue(labels: [])]), to: plain)
        #expect(!plain.output.contains("LABELS"))
        let labelled = ScriptedTerminal()
        IssueListView(format: .table, now: { now }).render(listOutput([try issue(labels: try labels())]), to: labelled)
        #expect(labelled.output.contains("LABELS") && labelled.output.contains("bug, ui"))
        #expect(!labelled.output.contains("\u{1B}"))
    }

    @Test func labelNamesShowInTheirColourOnAColourTerminal() throws {
        let terminal = ScriptedTerminal(colorDepth: .trueColor)
        IssueListView(format: .table, now: { now }).render(listOutput([try issue(labels: try labels())]), to: terminal)
        #expect(terminal.output.contains("\u{1B}[38;2;215;58;74mbug\u{1B}[0m, \u{1B}[38;2;29;118;219mui\u{1B}[0m"))
        let palette = ScriptedTerminal(usesColor: true)
        IssueListView(format: .table, now: { now }).render(listOutput([try issue(labels: try labels())]), to: palette)
        #expect(palette.output.contains("\u{1B}[38;5;167mbug\u{1B}[0m"))
    }

    @Test func theIssueShowsItsLabelsAndMilestoneBelowTheHeader() throws {
        let milestone = IssueMilestone(
            number: try MilestoneNumber(2), title: try MilestoneTitle("v1.0"),
            dueOn: Timestamp(iso8601: "2026-12-31T00:00:00Z"),
            state: .open)
        var output = IssueDetailViewModel.Output(number: try IssueNumber(4))
        output.details = IssueDetails(issue: try issue(labels: try labels(), milestone: milestone), events: [])
        let terminal = ScriptedTerminal()
        IssueDetailView(format: .table, now: { now }).render(output, to: terminal)
        let lines = terminal.output.split(separator: "\n").map(String.init)
        #expect(lines[2...4] == ["Assignees: none", "Labels: bug, ui", "Milestone: v1.0 (due 2026-12-31)"])
        output.details?.issue = try issue(labels: [])
        let bare = ScriptedTerminal()
        IssueDetailView(format: .table, now: { now }).render(output, to: bare)
        #expect(bare.output.contains("Labels: none\nMilestone: none\n"))
    }

    @Test func theLabelTableListsNameDescriptionAndColour() throws {
        let terminal = ScriptedTerminal(width: 80)
        LabelTableView(json: false).render(try labels(), searched: false, to: terminal)
        let lines = terminal.output.split(separator: "\n").map(String.init)
        #expect(lines == ["NAME  DESCRIPTION  COLOR", "bug   Broken       #d73a4a", "ui                 #1d76db"])
        let empty = ScriptedTerminal(width: 80)
        LabelTableView(json: false).render([], searched: true, to: empty)
        #expect(empty.output == "No labels match.\n")
        // For a program: gh's fields, tab-separated, no header; nothing at all when there are none.
        let piped = ScriptedTerminal()
        LabelTableView(json: false).render(try labels(), searched: false, to: piped)
        #expect(piped.output == "bug\tBroken\t#d73a4a\nui\t\t#1d76db\n")
        let pipedEmpty = ScriptedTerminal()
        LabelTableView(json: false).render([], searched: true, to: pipedEmpty)
        #expect(pipedEmpty.output.isEmpty && pipedEmpty.errors == "No labels match.\n")
        let json = ScriptedTerminal()
        LabelTableView(json: true).render(try labels(), searched: false, to: json)
        let array = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: String]]
        #expect(array?.first == ["name": "bug", "color": "d73a4a", "description": "Broken"])
    }

    @Test func theMilestoneTableShowsProgressAndOverdueDates() throws {
        let late = Milestone(
            number: try MilestoneNumber(1), title: try MilestoneTitle("v1.0"),
            dueOn: Timestamp(iso8601: "2020-01-01T00:00:00Z"), openIssues: 2, closedIssues: 1)
        let later = Milestone(
            number: try MilestoneNumber(2), title: try MilestoneTitle("v2.0"),
            dueOn: Timestamp(iso8601: "2099-01-01T00:00:00Z"))
        let terminal = ScriptedTerminal(width: 80)
        MilestoneTableView(json: false, now: { now }).render([late, later], showsState: false, to: terminal)
        let lines = terminal.output.split(separator: "\n").map(String.init)
        try #require(lines.count == 3)
        #expect(lines[0] == "#  TITLE  OPEN  CLOSED  DONE  DUE")
        #expect(lines[1] == "1  v1.0   2     1       33%   2020-01-01 overdue")
        #expect(lines[2] == "2  v2.0   0     0       0%    2099-01-01")
        let piped = ScriptedTerminal()
        MilestoneTableView(json: false, now: { now }).render([late, later], showsState: false, to: piped)
        #expect(
            piped.output
                == "1\tv1.0\tOPEN\t2\t1\t33\t2020-01-01T00:00:00Z\n2\tv2.0\tOPEN\t0\t0\t0\t2099-01-01T00:00:00Z\n")
        let coloured = ScriptedTerminal(width: 80, usesColor: true)
        MilestoneTableView(json: false, now: { now }).render([late], showsState: true, to: coloured)
        #expect(coloured.output.contains("\u{1B}[31m2020-01-01 overdue\u{1B}[0m"))
        #expect(coloured.output.contains("STATE"))
    }
}
