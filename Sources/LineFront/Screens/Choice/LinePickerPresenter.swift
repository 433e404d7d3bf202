import TerminalKit
import TrackerCore
import TrackerUI

/// A picker at a line prompt (the label and milestone pickers): the choices, then a prompt;
/// lines are read by `PickerCommands`. A failure is one line before the choices come again; one
/// before anything was shown (the choices could not be loaded) is all that is said.
@MainActor
final class LineChoicePresenter<Item: Equatable & Sendable>: Presenter {
    private let terminal: any Terminal
    private let view: ChoiceView<Item>
    private let title: String
    private let prompt: String
    private var drawn = false

    init(terminal: any Terminal, view: ChoiceView<Item>, title: String, prompt: String) {
        self.terminal = terminal
        self.view = view
        self.title = title
        self.prompt = prompt
    }

    func show(_ output: ChoiceViewModel<Item>.Output) {
        if let failure = output.failure {
            terminal.writeFailure(failure)
            guard drawn else { return }
        }
        drawn = true
        view.render(output, title: title, to: terminal)
    }

    func next() async -> PickerAction? {
        terminal.readLine(prompt: prompt).map(PickerCommands.parse)
    }
}

extension LineChoicePresenter where Item == LabelName {
    convenience init(labelsOn terminal: any Terminal) {
        self.init(
            terminal: terminal, view: .labels, title: "Labels",
            prompt: "pick labels> ")
    }
}

extension LineChoicePresenter where Item == MilestoneTitle {
    convenience init(milestoneOn terminal: any Terminal) {
        self.init(
            terminal: terminal,
            view: .milestone,
            title: "Milestone (at most one; none, then done, removes it)", prompt: "pick milestone> ")
    }
}
