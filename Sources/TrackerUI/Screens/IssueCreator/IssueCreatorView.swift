import TrackerCore

/// Renders the outcome of the new-issue screen: a confirmation line, or the issue as JSON.
@MainActor
public struct IssueCreatorView {
    public let format: OutputFormat

    public init(format: OutputFormat) {
        self.format = format
    }

    public func render(_ output: IssueCreatorViewModel.Output, to terminal: any Terminal) {
        guard let issue = output.created else { return }
        switch format {
        case .json(let fields):
            terminal.write(IssueJSON.encode(IssueJSON.object(issue, fields: fields)))
        case .table:
            terminal.writeLine("Created issue #\(issue.number.value)")
        }
    }

    /// The draft before it is confirmed.
    public func renderSummary(_ output: IssueCreatorViewModel.Output, to terminal: any Terminal) {
        terminal.writeLine("")
        terminal.writeLine("Title:     \(VisibleText.line(output.title))")
        terminal.writeLine(
            "Assignees: " + (output.assignees.isEmpty ? "none" : output.assignees.map(\.value).joined(separator: ", ")))
        terminal.writeLine(output.body.isEmpty ? "(no description)" : VisibleText.block(output.body))
    }
}
