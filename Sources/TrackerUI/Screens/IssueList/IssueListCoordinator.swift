import TrackerCore

/// The issue list screen: shows a page of issues and reads commands at its prompt, starting the
/// creator, issue and assignee screens as children.
@MainActor
public final class IssueListCoordinator: Coordinator {
    public enum Outcome: Equatable, Sendable {
        /// `q`, or the end of input.
        case quit
    }

    public var childCoordinators: [any Coordinator] = []
    public let viewModel: IssueListViewModel
    private let terminal: any Terminal
    private let dependencies: ScreenDependencies
    private let view = IssueListView(format: .table)

    public init(terminal: any Terminal, dependencies: ScreenDependencies) {
        self.terminal = terminal
        self.dependencies = dependencies
        self.viewModel = IssueListViewModel(
            useCases: dependencies.issueListUseCases, actor: dependencies.actor,
            filter: IssueFilter(limit: IssueListViewModel.pageSize))
    }

    public func start() async -> Outcome {
        await viewModel.send(.appear)
        show()
        while let line = terminal.readLine(prompt: "tracker> ") {
            switch IssueListCommands.parse(line, current: viewModel.output.filter, me: dependencies.actor) {
            case .quit:
                return .quit
            case .help:
                terminal.writeLine(IssueListCommands.help)
            case .input(let input):
                if let route = await viewModel.send(input) {
                    await open(route)
                } else {
                    show()
                    if case .unknown = input { terminal.writeLine(IssueListCommands.help) }
                }
            }
        }
        return .quit
    }

    private func show() {
        view.renderScreen(viewModel.output, me: dependencies.actor, to: terminal)
    }

    /// Runs the child screen, then shows the list again as it now is, with what the child did.
    private func open(_ route: IssueListViewModel.Route) async {
        var outcome: IssueCreatorCoordinator.Outcome?
        switch route {
        case .create:
            outcome = await run(IssueCreatorCoordinator(terminal: terminal, dependencies: dependencies))
        case .assign(let number):
            _ = await run(AssigneeCoordinator(terminal: terminal, dependencies: dependencies, mode: .issue(number)))
        case .view(let number):
            let detail = IssueDetailCoordinator(terminal: terminal, dependencies: dependencies, number: number)
            // An issue that could not be shown was said in one line: the list stays as it was.
            if case .notShown = await run(detail) { return }
        }
        await viewModel.send(.refresh)
        show()
        if let outcome { IssueCreatorView(format: .table).renderOutcome(outcome, to: terminal) }
    }
}
