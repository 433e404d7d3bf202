import TrackerCore

/// Renders assignees: after a scripted change, one line per issue; on the interactive screen,
/// the numbered choices with the selected ones ticked.
@MainActor
public struct AssigneeView {
    public init() {}

    public func render(_ output: AssigneeViewModel.Output, to terminal: any Terminal) {
        for issue in output.issues {
            let people = issue.assignees.isEmpty ? "no assignees" : issue.assignees.map(\.value).joined(separator: ", ")
            terminal.writeLine("Issue \(issue.number): \(people)")
        }
    }

    public func renderScreen(_ output: AssigneeViewModel.Output, to terminal: any Terminal) {
        terminal.writeLine("")
        terminal.writeLine(
            "Assignees (\(output.selected.count) of at most \(IssueDraft.maximumAssignees)): "
                + (output.selected.isEmpty ? "none" : output.selected.map(\.value).joined(separator: ", ")))
        for (index, login) in output.choices.enumerated() {
            terminal.writeLine("  \(index + 1). [\(output.selected.contains(login) ? "x" : " ")] \(login)")
        }
        if let notice = output.notice { terminal.writeLine(notice) }
        terminal.writeLine("Type a number to toggle, letters to search logins, done (or Enter) to finish, :q to cancel")
    }
}
