import TerminalKit
import TrackerCore

/// The assignee screen, started by the issue screens (for an existing issue: saved on `done`)
/// and by the creator (for a draft: the choice goes back to the creator).
@MainActor
public final class AssigneeCoordinator: Coordinator {
    public enum Mode: Equatable, Sendable {
        case issue(IssueNumber)
        case draft([Login])
        /// The list's `a N LOGIN…`: toggles those people on the issue, with no picker.
        case toggle(IssueNumber, [Login])
    }

    public enum Outcome: Equatable, Sendable {
        /// Finished with `done`: who is chosen (and, for an issue, saved).
        case chosen([Login])
        /// Left with `:q` or end of input: nothing changed.
        case cancelled
        /// The issue could not be loaded or changed (`a 999`): said in one line, nothing changed.
        case notShown
    }

    public var childCoordinators: [any Coordinator] = []
    public let viewModel: AssigneeViewModel
    private let terminal: any Terminal
    private let view = AssigneeView()
    private let mode: Mode

    public init(terminal: any Terminal, dependencies: ScreenDependencies, mode: Mode) {
        self.terminal = terminal
        switch mode {
        case .issue(let number):
            viewModel = AssigneeViewModel(
                numbers: [number], actor: dependencies.actor, useCases: dependencies.assigneeUseCases)
        case .draft(let logins):
            viewModel = AssigneeViewModel(
                numbers: [], actor: dependencies.actor, useCases: dependencies.assigneeUseCases, draft: logins)
        case .toggle(let number, _):
            viewModel = AssigneeViewModel(
                numbers: [number], actor: dependencies.actor, useCases: dependencies.assigneeUseCases)
        }
        self.mode = mode
    }

    /// Says what leaving the picker saved, under the screen shown after it.
    public func renderChange() {
        if let change = viewModel.output.change { view.renderChange(change, to: terminal) }
    }

    public func start() async -> Outcome {
        if case .toggle(_, let people) = mode { return await toggle(people) }
        await viewModel.send(.appear)
        if let failure = viewModel.output.failure {
            // The issue could not be loaded (e.g. `a 999`): say so and open no picker.
            terminal.writeFailure(failure)
            return .notShown
        }
        while true {
            view.renderScreen(viewModel.output, to: terminal)
            guard let line = terminal.readLine(prompt: "assignees> ") else { return .cancelled }
            let route = await viewModel.send(.pick(PickerCommands.parse(line)))
            if let failure = viewModel.output.failure {
                terminal.writeFailure(failure)
            } else if case .finished(let chosen) = route {
                // The screen that opened the picker says what changed once it is shown again.
                return chosen.map(Outcome.chosen) ?? .cancelled
            }
        }
    }

    private func toggle(_ people: [Login]) async -> Outcome {
        let route = await viewModel.send(.toggle(people))
        if let failure = viewModel.output.failure {
            terminal.writeFailure(failure)
            return .notShown
        }
        renderChange()
        guard case .finished(let chosen?) = route else { return .cancelled }
        return .chosen(chosen)
    }
}
