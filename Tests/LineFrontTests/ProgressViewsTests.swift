import Interchange
import TerminalKit
import Testing
import TrackerCore
import TrackerTestSupport

@testable import LineFront

/// The burndown and the weekly report as drawn: block characters on a colour terminal, ASCII
/// otherwise, fitted to the width, the ideal line beside the bars.
@MainActor
@Suite struct ProgressViewsTests {
    let today = Day(iso8601: "2026-03-10")!

    func burndown(open: [Int64], dueIn: Int64?, total: Int64 = 4) throws -> Burndown {
        let first = today.adding(Int64(1 - open.count))
        let milestone = Milestone(
            number: try MilestoneNumber(3), title: MilestoneTitle(stored: "v1\u{1b}[31m"),
            dueOn: dueIn.map { today.adding($0).start }, openIssues: open.last ?? 0,
            closedIssues: total - (open.last ?? 0))
        let history = BurndownHistory(
            milestone: milestone,
            counts: open.enumerated().map {
                BurndownHistory.Count(day: first.adding(Int64($0.offset)), open: $0.element)
            })
        return Burndown(history, today: today)
    }

    func drawn(_ burndown: Burndown, width: Int?, colour: Bool) -> [String] {
        let terminal = ScriptedTerminal(width: width, usesColor: colour)
        BurndownView(json: false, now: { today.start }).render(burndown, to: terminal)
        return terminal.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    @Test func theIdealFallsToZeroOnTheDueDateAndDaysAfterTodayHaveNoCount() throws {
        let chart = try burndown(open: [4, 4, 3, 1], dueIn: 2)
        #expect(chart.points.map(\.day) == (-3...2).map { today.adding(Int64($0)) })
        #expect(chart.points.map(\.open) == [4, 4, 3, 1, nil, nil])
        #expect(chart.points.map(\.ideal) == [4, 3.2, 2.4, 1.6, 0.8, 0])
        let late = try burndown(open: [2, 2, 2, 1], dueIn: -2)
        #expect(late.points.count == 4 && late.points.map(\.ideal) == [2, 0, 0, 0], "past due: to today")
        let undated = try burndown(open: [2, 1, 1], dueIn: nil)
        #expect(undated.points.map(\.ideal) == [2, 1, 0], "no due date: the ideal ends today")
    }

    @Test func blocksOnAColourTerminalAndASCIIOtherwise() throws {
        let chart = try burndown(open: [4, 4, 3, 1], dueIn: 2)
        let blocks = drawn(chart, width: 64, colour: true)
        #expect(blocks[0] == "v1^[[31m (#3) · open · due 2026-03-12 · 3 of 4 done (75%)")
        let rows = Array(blocks[2..<12])
        #expect(
            rows == [
                "4 │▒▒▒███", "  │███▒▒▒", "  │██████▄▄▄", "  │██████▒▒▒", "  │█████████", "2 │█████████···",
                "  │█████████", "  │█████████▄▄▄···", "  │████████████", "0 │████████████   ···",
            ], "three columns a day; the ideal from 4 down to 0 two days after today: \(blocks)")
        #expect(blocks[12] == "  └" + String(repeating: "─", count: 18))
        #expect(blocks[13] == "   2026-03-07 to 2026-03-12")
        #expect(blocks.joined(separator: " ").contains("█ open issues  · ideal (▒ where a bar covers it)"))
        let ascii = drawn(chart, width: 64, colour: false)
        #expect(ascii.dropFirst().allSatisfy { $0.unicodeScalars.allSatisfy(\.isASCII) }, "\(ascii)")
        #expect(ascii[2] == "4 |***###" && ascii[11] == "0 |############   ...")
        #expect(ascii[12] == "  +" + String(repeating: "-", count: 18))
        #expect(ascii.joined(separator: " ").contains("# open issues  . ideal (* where a bar covers it)"))
    }

    @Test func manyDaysFitTheWidthAColumnForSeveralDays() throws {
        let open = (0..<300).map { Int64(300 - $0) }
        let chart = try burndown(open: open, dueIn: 30, total: 400)
        for width in [30, 80, 200] {
            let lines = drawn(chart, width: width, colour: true)
            #expect(lines.allSatisfy { DisplayWidth.of($0) <= width }, "\(width): \(lines)")
            #expect(lines.joined(separator: " ").contains("a column every"), "\(lines)")
        }
        let piped = drawn(chart, width: nil, colour: false)
        #expect(piped.allSatisfy { $0.count <= 80 })
        let empty = drawn(try burndown(open: [], dueIn: 3), width: 70, colour: true)
        #expect(empty[1] == "No issue has been in this milestone yet: nothing to draw.")
    }

    @Test func theJSONIsTheSeries() throws {
        let terminal = ScriptedTerminal()
        BurndownView(json: true).render(try burndown(open: [2, 1], dueIn: 1), to: terminal)
        #expect(terminal.output.contains(#""series":[{"day":"2026-03-09","ideal":2,"open":2},"#))
        #expect(terminal.output.contains(#"{"day":"2026-03-11","ideal":0,"open":null}]"#))
        #expect(terminal.output.contains(#""today":"2026-03-10""#))
        guard case .object(let members) = BurndownView.json(try burndown(open: [1], dueIn: nil)),
            case .object(let report) = ActivityReportView.json(ActivityReport(weeks: []))
        else {
            Issue.record("not objects")
            return
        }
        #expect(members.keys.sorted() == JSONFieldList.burndown && report.keys.sorted() == JSONFieldList.report)
    }

    @Test func theReportDrawsTwoBarsAWeek() throws {
        let weeks = (0..<12).map { (index: Int) -> ActivityReport.Week in
            let offset = Int64(index)
            return ActivityReport.Week(
                start: today.monday.adding(7 * (offset - 11)), opened: offset, closed: (11 - offset) / 2)
        }
        let terminal = ScriptedTerminal(width: 60, usesColor: true)
        ActivityReportView(json: false).render(ActivityReport(weeks: weeks), to: terminal)
        let lines = terminal.output.split(separator: "\n").map(String.init)
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 60 }, "\(lines)")
        #expect(lines.last == "66 opened, 30 closed")
        let busiest = try #require(lines.first { $0.hasPrefix("\(today.monday)") })
        #expect(busiest.contains(String(repeating: "█", count: 19) + " 11"), "\(busiest)")
        let plain = ScriptedTerminal(width: 60)
        ActivityReportView(json: false).render(ActivityReport(weeks: weeks), to: plain)
        #expect(plain.output.unicodeScalars.allSatisfy(\.isASCII) && plain.output.contains("### "))
        let json = ScriptedTerminal()
        ActivityReportView(json: true).render(ActivityReport(weeks: weeks), to: json)
        #expect(json.output.hasPrefix(#"{"weeks":[{"closed":5,"opened":0,"week":"2025-12-22"}"#), "\(json.output)")
    }
}
