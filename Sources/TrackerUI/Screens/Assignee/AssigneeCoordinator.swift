import TrackerCore

/// The assignee screen, started by the list (for an existing issue: saved on `done`) and by the
/// creator (for a draft: the choice goes back to the creator).
@MainActor
public final class AssigneeCoordinator: Coordinator {
    public enum Mode: Equatable, Sendable {
        case issue(IssueNumber)
        case draft([Login])
    }

    public var childCoordinators: [any Coordinator] = []
    public weak var finishDelegate: (any CoordinatorFinishDelegate)?
    /// The chosen people when finished with `done` (nil when cancelled).
    public private(set) var chosen: [Login]?
    public let viewModel: AssigneeViewModel
    private let terminal: any Terminal
    private var finished = false

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
        viewModel.onRoute = { [weak self] route in
            guard let self, case .finished(let logins) = route else { return }
            chosen = logins
            finished = true
        }
    }

    public func start() async {
        await viewModel.send(.appear)
        if let failure = viewModel.output.failure {
            // The issue could not be loaded (e.g. `a 999`): say so and open no picker.
            terminal.writeLine("! " + VisibleText.line("\(failure)"))
            await viewModel.send(.cancel)
        }
        let view = AssigneeView()
        while !finished {
            view.renderScreen(viewModel.output, to: terminal)
            guard let line = terminal.readLine(prompt: "assignees> ") else {
                await viewModel.send(.cancel)
                break
            }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            switch trimmed.lowercased() {
            case ":q", "cancel": await viewModel.send(.cancel)
            case "done", "": await viewModel.send(.done)
            default:
                if let position = Int(trimmed) {
                    await viewModel.send(.toggle(position))
                } else {
                    await viewModel.send(.search(trimmed))
                }
            }
            if let failure = viewModel.output.failure {
                terminal.writeLine("! " + VisibleText.line("\(failure)"))
                finished = false
            }
        }
        await finishDelegate?.coordinatorDidFinish(self)
    }
}
