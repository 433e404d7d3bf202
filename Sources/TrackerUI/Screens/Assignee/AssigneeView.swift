import TrackerCore

/// Renders assignees: after a scripted change, one line per issue; on the interactive screen,
/// the picker with the selected people ticked.
@MainActor
public struct AssigneeView {
    private let picker = PickerView<Login>(label: \.value)

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
            "Assignees (\(output.selected.count) of at most \(output.picker.limit)): "
                + (output.selected.isEmpty ? "none" : output.selected.map(\.value).joined(separator: ", ")))
        picker.render(output.picker, to: terminal)
        if let notice = output.notice { terminal.writeLine(notice) }
        terminal.writeLine(PickerCommands.help)
    }
}
