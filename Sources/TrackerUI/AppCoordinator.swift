import TrackerCore

/// The root: offers back a draft that could not be saved last time, then starts the issue list.
@MainActor
public final class AppCoordinator: Coordinator, CoordinatorFinishDelegate {
    public var childCoordinators: [any Coordinator] = []
    private let terminal: any Terminal
    private let dependencies: ScreenDependencies

    public init(terminal: any Terminal, dependencies: ScreenDependencies) {
        self.terminal = terminal
        self.dependencies = dependencies
    }

    public func start() async {
        if let draft = try? dependencies.drafts.load() {
            terminal.writeLine("An issue you were writing was not saved: \"\(VisibleText.line(draft.title))\".")
            let answer = terminal.readLine(prompt: "Restore it now? [Y/n] ") ?? "n"
            if !answer.lowercased().hasPrefix("n") {
                let creator = IssueCreatorCoordinator(terminal: terminal, dependencies: dependencies, prefill: draft)
                creator.finishDelegate = self
                childCoordinators.append(creator)
                await creator.start()
            }
        }
        let list = IssueListCoordinator(terminal: terminal, dependencies: dependencies)
        childCoordinators.append(list)
        await list.start()
        removeChild(list)
    }

    public func coordinatorDidFinish(_ child: any Coordinator) async {
        removeChild(child)
        if let notice = (child as? IssueCreatorCoordinator)?.outcomeNotice { terminal.writeLine(notice) }
    }
}
