import TrackerCore

/// The issue list screen: shows a page of issues and reads commands at its prompt, starting the
/// creator and assignee screens as children.
@MainActor
public final class IssueListCoordinator: Coordinator, CoordinatorFinishDelegate {
    public var childCoordinators: [any Coordinator] = []
    public let viewModel: IssueListViewModel
    private let terminal: any Terminal
    private let dependencies: ScreenDependencies
    private let view = IssueListView(format: .table)
    private var pendingRoute: IssueListViewModel.Route?

    public init(terminal: any Terminal, dependencies: ScreenDependencies) {
        self.terminal = terminal
        self.dependencies = dependencies
        self.viewModel = IssueListViewModel(
            useCases: dependencies.issueListUseCases, actor: dependencies.actor,
            filter: IssueFilter(limit: IssueListViewModel.pageSize))
        viewModel.onRoute = { [weak self] route in self?.pendingRoute = route }
    }

    public func start() async {
        await viewModel.send(.appear)
        show()
        while let line = terminal.readLine(prompt: "tracker> ") {
            switch IssueListCommands.parse(line, current: viewModel.output.filter, me: dependencies.actor) {
            case .quit:
                return
            case .help:
                terminal.writeLine(IssueListCommands.help)
                continue
            case .input(let input):
                await viewModel.send(input)
                if case .unknown = input { terminal.writeLine(IssueListCommands.help) }
            }
            if let route = pendingRoute {
                pendingRoute = nil
                await start(route)
            } else {
                show()
            }
        }
    }

    private func show() {
        view.renderScreen(viewModel.output, me: dependencies.actor, to: terminal)
    }

    private func start(_ route: IssueListViewModel.Route) async {
        let child: any Coordinator
        switch route {
        case .create:
            let creator = IssueCreatorCoordinator(terminal: terminal, dependencies: dependencies)
            creator.finishDelegate = self
            child = creator
        case .assign(let number):
            let assignee = AssigneeCoordinator(terminal: terminal, dependencies: dependencies, mode: .issue(number))
            assignee.finishDelegate = self
            child = assignee
        }
        childCoordinators.append(child)
        await child.start()
    }

    public func coordinatorDidFinish(_ child: any Coordinator) async {
        removeChild(child)
        let notice = (child as? IssueCreatorCoordinator)?.outcomeNotice
        await viewModel.send(.refresh)
        show()
        if let notice { terminal.writeLine(notice) }
    }
}
