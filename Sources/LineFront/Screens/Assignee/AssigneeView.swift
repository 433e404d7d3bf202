import TerminalKit
import TrackerCore
import TrackerUI

/// Renders assignees: after a scripted change, one line per issue; on the interactive screen,
/// the picker with the selected people ticked.
@MainActor
public struct AssigneeView {
    private let picker = PickerView<Login>(label: \.value)

    public init() {}

    public func render(_ output: AssigneeViewModel.Output, to terminal: any Terminal) {
        for issue in output.issues {
            terminal.writeLine(AssigneeView.describe(issue.number, assignees: issue.assignees))
        }
    }

    /// The one wording of who an issue's assignees now are: `Issue #1: alice, bob`.
    nonisolated static func describe(_ number: IssueNumber, assignees: [Login]) -> String {
        "Issue \(number): " + (assignees.isEmpty ? "no assignees" : assignees.map(\.value).joined(separator: ", "))
    }

    /// What leaving the picker saved: "Assigned bob to #1", "Unassigned alice from #1".
    public func renderChange(_ change: AssigneeViewModel.Change, to terminal: any Terminal) {
        func names(_ logins: [Login]) -> String { VisibleText.line(logins.map(\.value).joined(separator: ", ")) }
        if !change.added.isEmpty { terminal.writeLine("Assigned \(names(change.added)) to \(change.number)") }
        if !change.removed.isEmpty { terminal.writeLine("Unassigned \(names(change.removed)) from \(change.number)") }
        if change.added.isEmpty && change.removed.isEmpty {
            terminal.writeLine("No change to the assignees of \(change.number)")
        }
    }

    public func renderScreen(_ output: AssigneeViewModel.Output, to terminal: any Terminal) {
        terminal.writeLine("")
        terminal.writeLine(AssigneeView.heading(output))
        picker.render(output.picker, to: terminal)
        if let notice = output.notice { terminal.writeLine(AssigneeView.describe(notice)) }
        terminal.writeHelp(PickerCommands.help)
    }

    /// Who is chosen, and how many may be.
    nonisolated public static func heading(_ output: AssigneeViewModel.Output) -> String {
        "Assignees (\(output.selected.count) of at most \(output.picker.limit)): "
            + (output.selected.isEmpty ? "none" : output.selected.map(\.value).joined(separator: ", "))
    }

    nonisolated public static func describe(_ notice: PickerNotice) -> String {
        switch notice {
        case .noMatch(let text): "Nobody's login starts with '\(VisibleText.line(text))'."
        case .outOfRange(0): "There is nobody to pick: search first."
        case .outOfRange(let count): "Pick a number from 1 to \(count)."
        case .full(let limit): "An issue can have at most \(limit) assignees; remove someone first."
        case .cleared: "Nobody is chosen now: done saves that, :q leaves it unchanged."
        }
    }
}
