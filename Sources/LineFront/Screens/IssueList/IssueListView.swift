import Interchange
import TerminalKit
import TrackerCore
import TrackerUI

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
        if let note = IssueListView.searchNote(output.ignoredSearchWords) {
            terminal.writeError("note: " + VisibleText.line(note) + "\n")
        }
        switch format {
        case .json(let fields):
            ProgramOutput.writeJSON(.array(output.issues.map { IssueJSON.object($0, fields: fields) }), to: terminal)
        case .table:
            if let notice = output.notice {
                terminal.writeLine(IssueListView.describe(notice))
                return
            }
            terminal.write(
                table(output, depth: terminal.colorDepth).render(width: terminal.width, colour: terminal.usesColor))
            if output.hasMore {
                terminal.writeWrappedLine("… more issues match: use --limit N, or --limit 0 for all")
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
        terminal.writeLine(
            VisibleText.line(
                "\(IssueListView.title(output.permissions)) · \(IssueListCommands.describe(output.filter, me: me)) "
                    + "· page \(output.page)"))
        if !output.issues.isEmpty {
            terminal.write(
                table(output, depth: terminal.colorDepth).render(width: terminal.width, colour: terminal.usesColor))
            if output.hasMore { terminal.writeLine("… more on the next page (>)") }
        }
        if let note = IssueListView.searchNote(output.ignoredSearchWords) { terminal.writeLine(VisibleText.line(note)) }
        if let notice = output.notice { terminal.writeLine(IssueListView.describe(notice)) }
        terminal.writeLine("? for help")
    }

    /// What the last action did, in words.
    nonisolated public static func describe(_ notice: IssueListViewModel.Notice) -> String {
        switch notice {
        case .noIssues(let state): state == .all ? "No issues." : "No \(state.rawValue) issues."
        case .noMatch: "No issues match."
        case .lastPage: "This is the last page."
        case .firstPage: "This is the first page."
        case .pagesNeedCreatedOrder: "Pages follow the created order: use f sort:created to page."
        case .stateChanged(let changes, let reason):
            changes.map { StateChangeWording.describe($0, closing: reason) }.joined(separator: "\n")
        case .unknownCommand(let text): "Unknown command '\(VisibleText.line(text))': ? shows the commands."
        }
    }

    /// Teammates changed issues on the page while something was being typed: the page stays.
    nonisolated public static func changedWhileTyping(_ count: Int) -> String {
        "\(count) issue\(count == 1 ? "" : "s") changed — r to refresh"
    }

    /// Said beside the results: the search words the search could not use (a long one shortened).
    /// `#12`, or `web#12` when the list spans projects.
    nonisolated public static func reference(_ issue: Issue) -> String {
        "\(issue.project?.value ?? "")#\(issue.number.value)"
    }

    /// `Issues`, or `Issues in web` when the tracker has several projects: every front's list title.
    nonisolated public static func title(_ permissions: Permissions) -> String {
        permissions.project.map { "Issues in \($0)" } ?? "Issues"
    }

    nonisolated public static func searchNote(_ ignored: [String]) -> String? {
        guard !ignored.isEmpty else { return nil }
        let words = ignored.map { $0.count > 40 ? "\($0.prefix(20))… (\($0.count) characters)" : $0 }
        return "search words ignored: " + words.joined(separator: " ")
    }

    /// The page as a table (the full-screen front draws it too). The labels column appears when a
    /// shown issue has labels, each name in its colour. On a narrow terminal the labels and then
    /// the assignees shrink (to whole names and `+N`), then the title down to 20 columns; then the
    /// author, the age, the labels, the assignees and the state are left out in that order, and
    /// the title takes what is left.
    public func table(_ output: IssueListViewModel.Output, depth: ColorDepth) -> Table {
        let showState = output.filter.state != .open
        let byUpdate = output.filter.sort == .updated
        let moment = now()
        let showLabels = output.issues.contains { !$0.labels.isEmpty }
        // As the labels: only when a shown issue has one, so a tracker that does not plan keeps its table.
        let showPriority = output.issues.contains { $0.priority != nil }
        let showDue = output.issues.contains { $0.dueOn != nil }
        var columns = [("#", Table.Column(priority: 100)), ("TITLE", Table.Column(priority: 90, minimum: 20))]
        if showState { columns.append(("STATE", Table.Column(priority: 50, droppable: true))) }
        if showPriority { columns.append(("PRIORITY", Table.Column(priority: 40, droppable: true))) }
        if showDue { columns.append(("DUE", Table.Column(priority: 30, droppable: true))) }
        if showLabels { columns.append(IssueListView.names("LABELS", priority: 10)) }
        columns += [
            IssueListView.names("ASSIGNEES", priority: 20), ("AUTHOR", Table.Column(droppable: true)),
            (byUpdate ? "UPDATED" : "CREATED", Table.Column(priority: 5, droppable: true)),
        ]
        var labelRuns: [[Table.Run]] = []
        let rows = output.issues.map { issue -> [String] in
            var row = [IssueListView.reference(issue), VisibleText.line(issue.title)]
            if showState { row.append(issue.state.rawValue) }
            if showPriority { row.append(issue.priority?.name ?? "") }
            if showDue { row.append(issue.dueOn.map(DueDate.text) ?? "") }
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
        let headers = columns.map(\.0)
        var table = Table(
            headers: headers, rows: rows, columns: columns.map(\.1), rowColours: output.issues.map(\.state.colourCode))
        if showLabels { table.cellRuns[headers.firstIndex(of: "LABELS") ?? 0] = labelRuns }
        return table
    }

    /// Names joined by `, `: cut to whole names and `+N`, no narrower than the header.
    private static func names(_ header: String, priority: Int) -> (String, Table.Column) {
        (
            header,
            Table.Column(priority: priority, minimum: DisplayWidth.of(header), droppable: true, listSeparator: ", ")
        )
    }
}
