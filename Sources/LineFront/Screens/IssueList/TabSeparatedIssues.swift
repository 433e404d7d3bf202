import TerminalKit
import TrackerCore
import TrackerUI

/// `tracker list` for a program (standard output is not a terminal), as gh prints it: one line
/// per issue, fields separated by tabs, no header, no padding, whole titles, exact ISO-8601 times.
/// The fields, always all of them: number, state (`OPEN`/`CLOSED`), title, labels and assignees
/// (`, ` between names, as gh joins them), author, createdAt, updatedAt. Each passes
/// `VisibleText.field`, so no field can hold a tab or a line break.
public enum TabSeparatedIssues {
    public static func line(_ issue: Issue) -> String {
        let fields = [
            issue.project.map { "\($0.value)#\(issue.number.value)" } ?? String(issue.number.value),
            issue.state.rawValue.uppercased(), issue.title,
            issue.labels.map(\.name.value).joined(separator: ", "),
            issue.assignees.map(\.value).joined(separator: ", "), issue.author.value,
            issue.createdAt.iso8601, issue.updatedAt.iso8601,
        ]
        return ProgramOutput.rows([fields])
    }

    /// The page of issues; what a person would read beside them (more issues match) goes to
    /// standard error, so standard output holds only the lines.
    @MainActor
    public static func render(_ output: IssueListViewModel.Output, to terminal: any Terminal) {
        if let note = IssueListView.searchNote(output.ignoredSearchWords) {
            terminal.writeError("note: " + VisibleText.line(note) + "\n")
        }
        terminal.write(output.issues.map(line).joined())
        if output.hasMore {
            terminal.writeError("note: more issues match: use --limit N, or --limit 0 for all\n")
        }
    }
}
