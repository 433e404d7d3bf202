import Interchange
import TerminalKit
import TrackerCore

/// `milestone list`: open milestones first, each with its open and closed issues, how much is
/// done and when it is due ("overdue" once that has passed), or the same as a JSON array. For a
/// program, tab-separated: `number`, `title`, `state` (`OPEN`/`CLOSED`), `openIssues`,
/// `closedIssues`, `percentDone`, `dueOn` (ISO-8601, empty when none).
@MainActor
public struct MilestoneTableView {
    public let json: Bool
    public let now: () -> Timestamp

    /// `--json FIELDS`: only these fields; nil for all.
    public let fields: JSONFieldList?

    public init(json: Bool, fields: JSONFieldList? = nil, now: @escaping () -> Timestamp = Timestamp.now) {
        self.json = json
        self.fields = fields
        self.now = now
    }

    /// `showsState`: closed milestones may be listed, so each row says its state.
    public func render(_ milestones: [Milestone], showsState: Bool, to terminal: any Terminal) {
        if json {
            ProgramOutput.writeJSON(
                JSONFieldList.apply(fields, to: .array(milestones.map(IssueJSON.milestoneListing))), to: terminal)
            return
        }
        let none = "No milestones. Create one with `tracker milestone create TITLE --due YYYY-MM-DD`."
        if ProgramOutput.isForProgram(terminal) {
            return ProgramOutput.writeRows(milestones.map(Self.fields), none: none, to: terminal)
        }
        guard !milestones.isEmpty else { return terminal.writeLine(none) }
        let moment = now()
        var headers = ["#", "TITLE", "OPEN", "CLOSED", "DONE", "DUE"]
        if showsState { headers.append("STATE") }
        var dueRuns: [[Table.Run]] = []
        let rows = milestones.map { milestone -> [String] in
            let due = MilestoneTableView.due(milestone, now: moment)
            dueRuns.append(milestone.isOverdue(at: moment) ? [Table.Run(characters: due.count, code: "31")] : [])
            var row = [
                "\(milestone.number)", VisibleText.line(milestone.title.value), "\(milestone.openIssues)",
                "\(milestone.closedIssues)", "\(milestone.percentDone)%", due,
            ]
            if showsState { row.append(milestone.state.rawValue) }
            return row
        }
        var table = Table(headers: headers, rows: rows, flexibleColumn: 1)
        table.cellRuns[5] = dueRuns
        terminal.write(table.render(width: terminal.width, colour: terminal.usesColor))
    }

    /// One milestone's documented fields for a program.
    nonisolated static func fields(_ milestone: Milestone) -> [String] {
        [
            "\(milestone.number)", milestone.title.value, milestone.state.rawValue.uppercased(),
            "\(milestone.openIssues)", "\(milestone.closedIssues)", "\(milestone.percentDone)",
            milestone.dueOn?.iso8601 ?? "",
        ]
    }

    /// `2026-12-31`, `2024-01-01 overdue`, or `-` with no due date.
    static func due(_ milestone: Milestone, now: Timestamp) -> String {
        guard let dueOn = milestone.dueOn else { return "-" }
        return DueDate.text(dueOn) + (milestone.isOverdue(at: now) ? " overdue" : "")
    }
}
