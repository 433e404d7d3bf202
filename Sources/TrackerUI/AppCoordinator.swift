import TerminalKit
import TrackerCore

/// The root: offers back a draft that could not be saved last time, then runs the tab bar
/// (Issues · Labels · Milestones · People). Each tab is one coordinator, kept while the app runs
/// so a tab comes back as it was left; a tab ends by saying which tab to show next, or to quit.
@MainActor
public final class AppCoordinator: Coordinator {
    public var childCoordinators: [any Coordinator] = []
    private let terminal: any Terminal
    private let dependencies: ScreenDependencies
    private lazy var issues = IssueListCoordinator(terminal: terminal, dependencies: dependencies)
    private lazy var labels = LabelsCoordinator(terminal: terminal, dependencies: dependencies)
    private lazy var milestones = MilestonesCoordinator(terminal: terminal, dependencies: dependencies)
    private lazy var people = PeopleCoordinator(terminal: terminal, dependencies: dependencies)

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
        var tab = Tab.issues
        while true {
            switch await show(tab) {
            case .switchTo(let next): tab = next
            case .back: continue
            case .quit: return
            }
        }
    }

    private func show(_ tab: Tab) async -> TabOutcome {
        switch tab {
        case .issues: await run(issues)
        case .labels: await run(labels)
        case .milestones: await run(milestones)
        case .people: await run(people)
        }
    }
}
