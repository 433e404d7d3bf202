import TrackerCore

/// The root: starts the issue list. (The interactive screens grow from here.)
@MainActor
public final class AppCoordinator: Coordinator {
    public var childCoordinators: [any Coordinator] = []
    private let terminal: any Terminal
    private let listIssues: ListIssues

    public init(terminal: any Terminal, listIssues: ListIssues) {
        self.terminal = terminal
        self.listIssues = listIssues
    }

    public func start() async {
        let list = IssueListCoordinator(terminal: terminal, listIssues: listIssues, format: .table)
        childCoordinators.append(list)
        await list.start()
    }
}
