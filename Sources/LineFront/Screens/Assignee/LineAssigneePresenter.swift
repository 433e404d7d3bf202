import TerminalKit
import TrackerCore
import TrackerUI

/// The assignee screen at a line prompt: the picker, then `assignees> `; or, after the list's
/// toggle, the change it saved. A failure is one line before the picker comes again; one before
/// anything was shown (the issue could not be loaded) is all that is said.
@MainActor
final class LineAssigneePresenter: AssigneePresenter {
    private let terminal: any Terminal
    private let toggles: Bool
    private let view = AssigneeView()
    private var drawn = false

    init(terminal: any Terminal, mode: AssigneeCoordinator.Mode) {
        self.terminal = terminal
        if case .toggle = mode { toggles = true } else { toggles = false }
    }

    func show(_ output: AssigneeViewModel.Output) {
        if let failure = output.failure {
            terminal.writeFailure(failure)
            guard drawn else { return }
        }
        if toggles {
            if let change = output.change { view.renderChange(change, to: terminal) }
            return
        }
        drawn = true
        view.renderScreen(output, to: terminal)
    }

    func next() async -> PickerAction? {
        terminal.readLine(prompt: "assignees> ").map(PickerCommands.parse)
    }
}
