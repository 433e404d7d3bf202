import Interchange
import TerminalKit
import TrackerCore

/// `tracker report`: issues opened and closed in each of the last twelve weeks, a line per week
/// with two bars scaled to the busiest week, fitted to the terminal's width (80 columns for a
/// pipe); or, with `--json`, `{"weeks": [{"week": MONDAY, "opened": N, "closed": N}]}`.
@MainActor
public struct ActivityReportView {
    public let json: Bool
    /// `--json FIELDS`: only these fields; nil for all.
    public let fields: JSONFieldList?

    public init(json: Bool, fields: JSONFieldList? = nil) {
        self.json = json
        self.fields = fields
    }

    public func render(_ report: ActivityReport, to terminal: any Terminal) {
        if json { return ProgramOutput.writeJSON(JSONFieldList.apply(fields, to: Self.json(report)), to: terminal) }
        terminal.write(lines(report, width: terminal.width ?? BurndownView.pipeWidth, glyphs: .for(terminal)).joined())
    }

    public nonisolated static func json(_ report: ActivityReport) -> JSONValue {
        [
            "weeks": .array(
                report.weeks.map { week in
                    [
                        "week": .string(week.start.description), "opened": .integer(week.opened),
                        "closed": .integer(week.closed),
                    ]
                })
        ]
    }

    func lines(_ report: ActivityReport, width: Int, glyphs: ChartGlyphs) -> [String] {
        let top = report.weeks.flatMap { [$0.opened, $0.closed] }.max() ?? 0
        let digits = String(top).count
        // "2026-03-02  " then two halves, each a bar, a space and its count.
        let barWidth = max(1, (width - 12 - 2 * (digits + 1) - 2) / 2)
        func half(_ count: Int64) -> String {
            let eighths = top == 0 ? 0 : Int((Double(count) * Double(barWidth * 8) / Double(top)).rounded())
            let bar = glyphs.bar(eighths: eighths)
            let number = String(count)
            return bar
                + String(repeating: " ", count: max(0, barWidth - DisplayWidth.of(bar)) + 1 + digits - number.count)
                + number
        }
        let title =
            "Issues opened and closed per week, the last \(report.weeks.count) weeks (weeks start on Monday, UTC)"
        var lines = [WordWrap.text(title, width: width), ""]
        let heading = "WEEK        OPENED" + String(repeating: " ", count: max(1, barWidth + digits - 5)) + "  CLOSED"
        lines.append(heading)
        for week in report.weeks {
            lines.append("\(week.start)  \(half(week.opened))  \(half(week.closed))")
        }
        lines.append("")
        let opened = report.weeks.reduce(0) { $0 + $1.opened }
        let closed = report.weeks.reduce(0) { $0 + $1.closed }
        lines.append(WordWrap.text("\(opened) opened, \(closed) closed", width: width))
        return lines.map { $0 + "\n" }
    }
}
