import Interchange
import TerminalKit
import TrackerCore

/// `milestone show`: the milestone's line (title, state, due date, how many of its issues are
/// done, as `milestone list` counts them), then its burndown: open issues at the end of each day
/// as bars beside the ideal line, fitted to the terminal's width (80 columns for a pipe), each
/// column a day or, when the days do not fit, the last day of a run of days. Or, with `--json`,
/// `{"milestone": {…as milestone list…}, "today": DAY, "series": [{"day", "open", "ideal"}]}`,
/// `open` null after today and `ideal` rounded to a whole issue.
@MainActor
public struct BurndownView {
    static let height = 10
    static let pipeWidth = 80

    public let json: Bool
    /// `--json FIELDS`: only these fields; nil for all.
    public let fields: JSONFieldList?
    public let now: () -> Timestamp

    public init(json: Bool, fields: JSONFieldList? = nil, now: @escaping () -> Timestamp = Timestamp.now) {
        self.json = json
        self.fields = fields
        self.now = now
    }

    public func render(_ burndown: Burndown, to terminal: any Terminal) {
        if json { return ProgramOutput.writeJSON(JSONFieldList.apply(fields, to: Self.json(burndown)), to: terminal) }
        terminal.write(lines(burndown, width: terminal.width ?? Self.pipeWidth, glyphs: .for(terminal)).joined())
    }

    public nonisolated static func json(_ burndown: Burndown) -> JSONValue {
        [
            "milestone": IssueJSON.milestoneListing(burndown.milestone),
            "today": .string(burndown.today.description),
            "series": .array(
                burndown.points.map { point in
                    [
                        "day": .string(point.day.description), "open": point.open.map(JSONValue.integer) ?? .null,
                        "ideal": .integer(Int64(point.ideal.rounded())),
                    ]
                }),
        ]
    }

    /// The milestone's line: `v1.0 (#3) · open · due 2026-12-31 · 3 of 5 done (60%)`.
    func header(_ milestone: Milestone) -> String {
        let total = milestone.openIssues + milestone.closedIssues
        let due = milestone.dueOn == nil ? "no due date" : "due " + MilestoneTableView.due(milestone, now: now())
        return "\(VisibleText.line(milestone.title.value)) (#\(milestone.number)) · \(milestone.state.rawValue) · "
            + "\(due) · \(milestone.closedIssues) of \(total) done (\(milestone.percentDone)%)"
    }

    func lines(_ burndown: Burndown, width: Int, glyphs: ChartGlyphs) -> [String] {
        var lines = [WordWrap.text(header(burndown.milestone), width: width)]
        guard let first = burndown.points.first, let last = burndown.points.last else {
            return [lines[0], "No issue has been in this milestone yet: nothing to draw."].map { $0 + "\n" }
        }
        let top = burndown.points.map { max(Double($0.open ?? 0), $0.ideal) }.max() ?? 0
        let room = max(1, width - ColumnChart.margin(top: top))
        let perColumn = (burndown.points.count + room - 1) / room
        let picked = stride(from: perColumn - 1, to: burndown.points.count + perColumn - 1, by: perColumn).map {
            burndown.points[min($0, burndown.points.count - 1)]
        }
        let chart = ColumnChart(
            columns: picked.map { ColumnChart.Column(bar: $0.open.map(Double.init), mark: $0.ideal) },
            columnWidth: max(1, min(3, room / picked.count)), height: Self.height, glyphs: glyphs)
        lines.append("")
        lines += chart.lines()
        let margin = String(repeating: " ", count: ColumnChart.margin(top: top))
        let span = picked.count * chart.columnWidth
        let ends = "\(first.day)" + String(repeating: " ", count: max(1, span - 20)) + "\(last.day)"
        lines.append(margin + (ends.count <= span + 1 ? ends : "\(first.day) to \(last.day)"))
        let scale = perColumn == 1 ? "a column a day" : "a column every \(perColumn) days"
        lines.append(
            WordWrap.text(
                "\(glyphs.rising[8]) open issues  \(glyphs.mark) ideal (\(glyphs.markOnBar) where a bar covers it)  "
                    + "today \(burndown.today), \(scale)", width: width))
        return lines.map { $0 + "\n" }
    }
}
