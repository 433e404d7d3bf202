import TrackerCore

/// Renders the outcome of the new-issue screen: a confirmation line, or the issue as JSON.
@MainActor
public struct IssueCreatorView {
    public let format: IssueListView.Format

    public init(format: IssueListView.Format) {
        self.format = format
    }

    public func render(_ output: IssueCreatorViewModel.Output, to terminal: any Terminal) {
        guard let issue = output.created else { return }
        switch format {
        case .json:
            terminal.write(IssueJSON.encode(IssueJSON(issue)))
        case .table:
            terminal.writeLine("Created issue #\(issue.number.value)")
        }
    }
}
