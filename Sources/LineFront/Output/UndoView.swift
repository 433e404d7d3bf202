import Interchange
import TerminalKit
import TrackerCore
import TrackerUI

/// What `tracker undo --list` would take back and what `tracker undo` took back: the change's
/// time and its events, issue by issue, as the timeline words them.
@MainActor
public struct UndoView {
    public let json: Bool
    public let fields: JSONFieldList?

    public init(json: Bool = false, fields: JSONFieldList? = nil) {
        self.json = json
        self.fields = fields
    }

    public func render(_ output: UndoViewModel.Output, to terminal: any Terminal) {
        if let undone = output.undone {
            if json {
                return ProgramOutput.writeJSON(JSONFieldList.apply(fields, to: IssueJSON.change(undone)), to: terminal)
            }
            terminal.writeLine("Undid your change of \(undone.madeAt.iso8601):")
            return lines(of: undone, to: terminal)
        }
        guard let candidate = output.candidate else {
            return json ? terminal.write("null\n") : terminal.writeLine("You have no change to undo.")
        }
        if json {
            return ProgramOutput.writeJSON(JSONFieldList.apply(fields, to: IssueJSON.change(candidate)), to: terminal)
        }
        let undo = candidate.isUndo ? " (an undo: undoing it puts back what it took back)" : ""
        terminal.writeLine("Your last change, \(candidate.madeAt.iso8601)\(undo):")
        lines(of: candidate, to: terminal)
        if let blocked = candidate.blocked {
            terminal.writeLine("It cannot be undone: \(VisibleText.line(blocked)).")
        } else {
            terminal.writeLine("`tracker undo` takes it back.")
        }
    }

    private func lines(of change: UndoableChange, to terminal: any Terminal) {
        for entry in change.entries {
            terminal.writeLine("  #\(entry.issue.value): \(VisibleText.line(IssueDetailView.describe(entry.event)))")
        }
    }
}
