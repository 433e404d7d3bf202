import TerminalKit
import TrackerCore
import TrackerUI

/// Renders the edit screen: its prompts, the conflict line, and what the screen's outcome means
/// for the person.
@MainActor
public struct IssueEditorView {
    public init() {}

    public func renderStart(_ number: IssueNumber, to terminal: any Terminal) {
        terminal.writeLine("")
        terminal.writeLine("Edit issue \(number) (type :q at any prompt to cancel)")
    }

    /// The title prompt, showing the title an empty answer keeps.
    public func titlePrompt(_ output: IssueEditorViewModel.Output) -> String {
        "Title [Enter keeps \"\(VisibleText.line(output.read?.title ?? ""))\"]: "
    }

    public func renderBodyPrompt(to terminal: any Terminal) {
        terminal.writeLine("Body (\(TypedLines.howToEnd); a '\(TypedLines.end)' first keeps the current body):")
    }

    /// One line: what the other person changed, and that the text is kept.
    public func renderConflict(_ conflict: EditConflict, to terminal: any Terminal) {
        terminal.writeLine(
            "! "
                + VisibleText.line(
                    "Someone else changed \(conflict.changes) while you were editing; nothing was saved, "
                        + "your text is kept."))
    }

    public static let reapplyPrompt = "Reload and apply your text? [y/N] "

    /// What the screen that started the editor says once it is done (a saved edit is said by
    /// showing the issue again).
    public func renderOutcome(
        _ outcome: IssueEditorCoordinator.Outcome, of number: IssueNumber, to terminal: any Terminal
    ) {
        switch outcome {
        case .saved(let issue):
            terminal.writeLine(IssueEditNoticeView.edited(issue.number))
        case .unchanged:
            terminal.writeLine(IssueEditNoticeView.unchanged(number))
        case .cancelled:
            terminal.writeLine(TabFrameView.cancelled)
        case .notSaved(let failure, let kept):
            // A conflict was said as it happened; anything else is said now.
            if case .editConflict = failure {} else { terminal.writeFailure(failure) }
            if kept {
                terminal.writeLine(
                    "Your text is kept as a draft: `tracker edit \(number.value) --recover` "
                        + "applies it to the issue as it is now.")
            }
        }
    }
}
