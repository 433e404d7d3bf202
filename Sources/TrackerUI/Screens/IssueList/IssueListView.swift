import Foundation
import Interchange
import TrackerCore

/// Renders the issue list: a table that fits the terminal, or the issues as a JSON array.
@MainActor
public struct IssueListView {
    public let format: OutputFormat
    public let now: () -> Timestamp

    public init(format: OutputFormat, now: @escaping () -> Timestamp = Timestamp.now) {
        self.format = format
        self.now = now
    }

    public func render(_ output: IssueListViewModel.Output, to terminal: any Terminal) {
        if let note = output.searchNote { terminal.writeError("note: " + VisibleText.line(note) + "\n") }
        switch format {
        case .json(let fields):
            terminal.write(IssueJSON.encode(output.issues.map { IssueJSON.object($0, fields: fields) }))
        case .table:
            if let notice = output.notice {
                terminal.writeLine(notice)
                return
            }
            terminal.write(
                table(output, depth: terminal.colorDepth).render(width: terminal.width, colour: terminal.usesColor))
            if output.hasMore {
                terminal.writeLine("… more issues match: use --limit N, or --limit 0 for all")
            }
        }
    }

    /// The interactive screen: the header (the tab bar), a title line with the filter and page,
    /// the table, then the last action's notice or failure.
    public func renderScreen(
        _ output: IssueListViewModel.Output, me: Login, header: String? = nil, to terminal: any Terminal
    ) {
        if let failure = output.failure {
            terminal.writeFailure(failure)
            return
        }
        terminal.writeLine("")
        if let header { terminal.writeLine(header) }
        terminal.writeLine("Issues · \(IssueListCommands.describe(output.filter, me: me)) · page \(output.page)")
        if !output.issues.isEmpty {
            terminal.write(
                table(output, depth: terminal.colorDepth).render(width: terminal.width, colour: terminal.usesColor))
            if output.hasMore { terminal.writeLine("… more on the next page (>)") }
        }
        if let note = output.searchNote { terminal.writeLine(VisibleText.line(note)) }
        if let notice = output.notice { terminal.writeLine(notice) }
        terminal.writeLine("? for help")
    }

    /// The labels column appears when a shown issue has labels, each name in its colour.
    private func table(_ output: IssueListViewModel.Output, depth: ColorDepth) -> Table {
        let showState = output.filter.state != .open
        let byUpdate = output.filter.sort == .updated
        let moment = now()
        var headers = ["#", "TITLE"]
        if showState { headers.append("STATE") }
        let showLabels = output.issues.contains { !$0.labels.isEmpty }
        if showLabels { headers.append("LABELS") }
        headers += ["ASSIGNEES", "AUTHOR", byUpdate ? "UPDATED" : "CREATED"]
        var labelRuns: [[Table.Run]] = []
        let rows = output.issues.map { issue -> [String] in
            var row = ["#\(issue.number.value)", VisibleText.line(issue.title)]
            if showState { row.append(issue.state.rawValue) }
            if showLabels {
                let labels = LabelColors.cell(issue.labels, depth: depth)
                row.append(labels.text)
                labelRuns.append(labels.runs)
            }
            row += [
                issue.assignees.map(\.value).joined(separator: ", "),
                issue.author.value,
                RelativeTime.describe(byUpdate ? issue.updatedAt : issue.createdAt, now: moment),
            ]
            return row
        }
        var table = Table(
            headers: headers, rows: rows, flexibleColumn: 1, rowColours: output.issues.map(\.state.colourCode))
        if showLabels { table.cellRuns[headers.firstIndex(of: "LABELS") ?? 0] = labelRuns }
        return table
    }
}
