import TrackerCore

/// The issue list screen. For now it shows the list once; the interactive prompt and the
/// routes to the creator and assignee screens come with the interactive front.
@MainActor
public final class IssueListCoordinator: Coordinator {
    public var childCoordinators: [any Coordinator] = []
    public let viewModel: IssueListViewModel
    private let terminal: any Terminal
    private let view: IssueListView

    public init(
        terminal: any Terminal, listIssues: ListIssues, format: OutputFormat,
        filter: IssueFilter = IssueFilter()
    ) {
        self.terminal = terminal
        self.viewModel = IssueListViewModel(listIssues: listIssues, filter: filter)
        self.view = IssueListView(format: format)
    }

    public func start() async {
        await viewModel.send(.appear)
        if let failure = viewModel.output.failure {
            terminal.writeError("tracker: \(failure)\n")
            return
        }
        view.render(viewModel.output, to: terminal)
    }
}
