import TrackerCore

/// Renders each changed issue's assignees, one line per issue.
@MainActor
public struct AssigneeView {
    public init() {}

    public func render(_ output: AssigneeViewModel.Output, to terminal: any Terminal) {
        for issue in output.issues {
            let people = issue.assignees.isEmpty ? "no assignees" : issue.assignees.map(\.value).joined(separator: ", ")
            terminal.writeLine("Issue \(issue.number): \(people)")
        }
    }
}
