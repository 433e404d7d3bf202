import Interchange
import TerminalKit
import TrackerCore
import TrackerUI

/// Renders the new-issue screen: a confirmation line or the issue as JSON (scripted), the draft
/// before it is confirmed, and what the screen's outcome means for the person.
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
            ProgramOutput.writeJSON(IssueJSON.object(issue, fields: fields), to: terminal)
        case .table:
            terminal.writeLine(IssueCreatorView.created(issue))
        }
    }

    /// The one wording of a new issue: `web#3` when the tracker has several projects.
    nonisolated static func created(_ issue: Issue) -> String {
        "Created issue \(issue.project?.value ?? "")#\(issue.number.value)"
    }

    /// The draft before it is confirmed.
    public func renderSummary(_ output: IssueCreatorViewModel.Output, to terminal: any Terminal) {
        terminal.writeLine("")
        terminal.writeLine("Title:     \(VisibleText.line(output.title))")
        terminal.writeLine(
            "Assignees: " + (output.assignees.isEmpty ? "none" : output.assignees.map(\.value).joined(separator: ", ")))
        if !output.labels.isEmpty {
            terminal.writeLine("Labels:    " + output.labels.map { VisibleText.line($0.value) }.joined(separator: ", "))
        }
        if let milestone = output.milestone { terminal.writeLine("Milestone: " + VisibleText.line(milestone.value)) }
        terminal.writeLine(output.body.isEmpty ? "(no description)" : VisibleText.block(output.body))
    }

    /// What the screen that started the creator says once it is done.
    public func renderOutcome(_ outcome: IssueCreatorCoordinator.Outcome, to terminal: any Terminal) {
        switch outcome {
        case .created(let issue):
            terminal.writeLine(IssueCreatorView.created(issue))
        case .cancelled:
            terminal.writeLine(TabFrameView.cancelled)
        case .notCreated(let failure, _, .saved):
            terminal.writeFailure(failure)
            terminal.writeLine(
                "Your draft is saved: the next `tracker` (or `tracker create --recover`) offers it back.")
        case .notCreated(let failure, let draft, let kept):
            terminal.writeFailure(failure)
            let why = if case .unsaved(let reason) = kept { " (\(VisibleText.line(reason)))" } else { "" }
            terminal.writeLine("The draft could not be saved either\(why); here it is:")
            terminal.writeLine(VisibleText.line(draft.title))
            terminal.writeLine(VisibleText.block(draft.body))
        }
    }
}
