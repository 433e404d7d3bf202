import Foundation
import TrackerCore

/// Renders the issue list: a table that fits the terminal, or the issues as a JSON array.
@MainActor
public struct IssueListView {
    public enum Format: Equatable, Sendable {
        case table
        case json
    }

    public let format: Format
    public let now: () -> Date

    public init(format: Format, now: @escaping () -> Date = Date.init) {
        self.format = format
        self.now = now
    }

    public func render(_ output: IssueListViewModel.Output, to terminal: any Terminal) {
        switch format {
        case .json:
            terminal.write(IssueJSON.encode(output.issues.map(IssueJSON.init)))
        case .table:
            if let notice = output.notice {
                terminal.writeLine(notice)
                return
            }
            terminal.write(table(output).render(width: terminal.width, bold: terminal.usesColor))
            if output.hasMore {
                terminal.writeLine("… more issues match: use --limit N, or --limit 0 for all")
            }
        }
    }

    private func table(_ output: IssueListViewModel.Output) -> Table {
        let showState = output.filter.state != .open
        let moment = now()
        var headers = ["#", "TITLE"]
        if showState { headers.append("STATE") }
        headers += ["ASSIGNEES", "AUTHOR", "CREATED"]
        let rows = output.issues.map { issue -> [String] in
            var row = ["#\(issue.number.value)", VisibleText.line(issue.title)]
            if showState { row.append(issue.state.rawValue) }
            row += [
                issue.assignees.map(\.value).joined(separator: ", "),
                issue.author.value,
                RelativeTime.describe(issue.createdAt, now: moment),
            ]
            return row
        }
        return Table(headers: headers, rows: rows, flexibleColumn: 1)
    }
}
