import TerminalKit
import TrackerCore
import TrackerUI

/// The root at a line prompt: offers back an issue draft the last session could not save, and
/// says how restoring it ended.
@MainActor
final class LineAppPresenter: AppPresenter {
    private let terminal: any Terminal

    init(terminal: any Terminal) {
        self.terminal = terminal
    }

    func show(_ output: AppViewModel.Output) {
        if let failure = output.failure {
            terminal.writeFailure(failure)
        } else if let outcome = output.creatorOutcome {
            IssueCreatorView(format: .table).renderOutcome(outcome, to: terminal)
        } else if let draft = output.unsavedDraft {
            terminal.writeLine("An issue you were writing was not saved: \"\(VisibleText.line(draft.title))\".")
        }
    }

    /// Enter or anything but no restores it; the end of input does not.
    func next() async -> AppViewModel.Input? {
        let answer = terminal.readLine(prompt: "Restore it now? [Y/n] ") ?? "n"
        return .restore(!answer.lowercased().hasPrefix("n"))
    }
}
