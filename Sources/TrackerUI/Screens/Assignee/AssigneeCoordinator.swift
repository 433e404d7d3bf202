import TrackerCore

/// The assignee screen, started by the issue screens (for an existing issue: saved on `done`)
/// and by the creator (for a draft: the choice goes back to the creator).
@MainActor
public final class AssigneeCoordinator: Coordinator {
    public enum Mode: Equatable, Sendable {
        case issue(IssueNumber)
        case draft([Login])
    }

    public enum Outcome: Equatable, Sendable {
        /// Finished with `done`: who is chosen (and, for an issue, saved).
        case chosen([Login])
        /// Left with `:q`, end of input, or an issue that could not be loaded: nothing changed.
        case cancelled
    }

    public var childCoordinators: [any Coordinator] = []
    public let viewModel: AssigneeViewModel
    private let terminal: any Terminal
    private let view = AssigneeView()

    public init(terminal: any Terminal, dependencies: ScreenDependencies, mode: Mode) {
        self.terminal = terminal
        switch mode {
        case .issue(let number):
            viewModel = AssigneeViewModel(
                numbers: [number], actor: dependencies.actor, useCases: dependencies.assigneeUseCases)
        case .draft(let logins):
            viewModel = AssigneeViewModel(
                numbers: [], actor: dependencies.actor, useCases: dependencies.assigneeUseCases, draft: logins)
        }
    }

    public func start() async -> Outcome {
        await viewModel.send(.appear)
        if let failure = viewModel.output.failure {
            // The issue could not be loaded (e.g. `a 999`): say so and open no picker.
            terminal.writeFailure(failure)
            return .cancelled
        }
        while true {
            view.renderScreen(viewModel.output, to: terminal)
            guard let line = terminal.readLine(prompt: "assignees> ") else { return .cancelled }
            let route = await viewModel.send(.pick(PickerCommands.parse(line)))
            if let failure = viewModel.output.failure {
                terminal.writeFailure(failure)
            } else if case .finished(let chosen) = route {
                return chosen.map(Outcome.chosen) ?? .cancelled
            }
        }
    }
}
