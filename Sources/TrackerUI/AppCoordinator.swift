import TrackerCore

/// The root: offers back a draft that could not be saved last time, then starts the issue list.
@MainActor
public final class AppCoordinator: Coordinator {
    public var childCoordinators: [any Coordinator] = []
    private let terminal: any Terminal
    private let dependencies: ScreenDependencies

    public init(terminal: any Terminal, dependencies: ScreenDependencies) {
        self.terminal = terminal
        self.dependencies = dependencies
    }

    public func start() async {
        if let draft = try? dependencies.recoverDraft() {
            terminal.writeLine("An issue you were writing was not saved: \"\(VisibleText.line(draft.title))\".")
            let answer = terminal.readLine(prompt: "Restore it now? [Y/n] ") ?? "n"
            if !answer.lowercased().hasPrefix("n") {
                let creator = IssueCreatorCoordinator(terminal: terminal, dependencies: dependencies, prefill: draft)
                IssueCreatorView(format: .table).renderOutcome(await run(creator), to: terminal)
            }
        }
        _ = await run(IssueListCoordinator(terminal: terminal, dependencies: dependencies))
    }
}
