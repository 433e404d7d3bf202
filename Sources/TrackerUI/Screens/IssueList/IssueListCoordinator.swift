import TerminalKit
import TrackerCore

/// The issue list screen: shows a page of issues and reads commands at its prompt, starting the
/// creator, issue and assignee screens as children. It is the Issues tab, and the list of one
/// milestone's issues opened from the Milestones tab.
@MainActor
public final class IssueListCoordinator: Coordinator {
    public typealias Outcome = TabOutcome

    public enum Scope: Equatable, Sendable {
        /// The Issues tab.
        case tab
        /// One milestone's issues, opened from the Milestones tab; `b` goes back there.
        case milestone(MilestoneTitle)
    }

    public var childCoordinators: [any Coordinator] = []
    public let viewModel: IssueListViewModel
    private let terminal: any Terminal
    private let dependencies: ScreenDependencies
    private let scope: Scope
    private let view = IssueListView(format: .table)

    public init(terminal: any Terminal, dependencies: ScreenDependencies, scope: Scope = .tab) {
        self.terminal = terminal
        self.dependencies = dependencies
        self.scope = scope
        var filter = IssueFilter(limit: IssueListViewModel.pageSize(height: terminal.height))
        if case .milestone(let title) = scope {
            filter.state = .all
            filter.milestone = .titled(title)
        }
        self.viewModel = IssueListViewModel(
            useCases: dependencies.issueListUseCases, actor: dependencies.actor, filter: filter)
    }

    /// Loads the list (again, when the tab is shown again) and reads commands until the person
    /// switches tabs, goes back or quits. Meanwhile teammates' changes to the page redraw it.
    public func start() async -> Outcome {
        await viewModel.send(.appear)
        show()
        let live = LiveSubscription.start(dependencies.watchChanges, filter: ChangeFilter(), on: terminal)
        let outcome = await LivePrompt.readCommands(
            on: terminal, prompt: "tracker> ", live: live, showChanges: showChanges, act: act)
        await live?.stop()
        return outcome ?? .quit
    }

    /// Redraws the page a teammate's change touched; while something is half-typed, says so
    /// in a line instead, so the typing stays where it was.
    private func showChanges(_ news: LiveNews, typing: Bool) async {
        let affected = viewModel.affected(by: news)
        guard affected > 0 || !news.notices.isEmpty else {
            // Nothing to show: the prompt and the typing are written again over themselves.
            terminal.write("\r")
            return
        }
        terminal.writeLine()
        LiveNoticesView.render(news.notices, to: terminal)
        guard affected > 0 else { return }
        if typing {
            terminal.writeLine("\(affected) issue\(affected == 1 ? "" : "s") changed — r to refresh")
        } else {
            await viewModel.send(.refresh)
            show()
        }
    }

    /// Acts on one command; the outcome when it ends the screen.
    private func act(on line: String) async -> Outcome? {
        switch TabCommands.parse(line) {
        case .switchTo(let tab):
            return .switchTo(tab)
        case .unknownTab(let name):
            terminal.writeLine(TabBarView.unknown(name))
            return nil
        case nil:
            break
        }
        switch IssueListCommands.parse(line, current: viewModel.output.filter, me: dependencies.actor) {
        case .quit:
            return .quit
        case .back where scope != .tab:
            return .back
        case .help, .back:
            terminal.writeLine(help)
        case .input(let input):
            if let route = await viewModel.send(keepingScope(input)) {
                await open(route)
            } else if let failure = viewModel.output.failure {
                // The page on the screen still stands: the problem takes one line.
                terminal.writeFailure(failure)
            } else if case .unknown = input, let notice = viewModel.output.notice {
                terminal.writeLine(notice)
            } else {
                show()
            }
        }
        return nil
    }

    private var help: String {
        scope == .tab ? IssueListCommands.help : IssueListCommands.help + " · b back to the milestones"
    }

    /// A milestone's list stays on its milestone when a filter names none.
    private func keepingScope(_ input: IssueListViewModel.Input) -> IssueListViewModel.Input {
        guard case .milestone(let title) = scope, case .filter(var filter) = input, filter.milestone == nil else {
            return input
        }
        filter.milestone = .titled(title)
        return .filter(filter)
    }

    private func show() {
        let tab = scope == .tab ? Tab.issues : Tab.milestones
        view.renderScreen(viewModel.output, me: dependencies.actor, header: TabBarView.line(current: tab), to: terminal)
        if case .milestone = scope, viewModel.output.failure == nil { terminal.writeLine("b back to the milestones") }
    }

    /// Runs the child screen, then shows the list again as it now is, with what the child did.
    private func open(_ route: IssueListViewModel.Route) async {
        var outcome: IssueCreatorCoordinator.Outcome?
        var picker: AssigneeCoordinator?
        switch route {
        case .create:
            outcome = await run(IssueCreatorCoordinator(terminal: terminal, dependencies: dependencies))
        case .assign(let number):
            let assignees = AssigneeCoordinator(terminal: terminal, dependencies: dependencies, mode: .issue(number))
            if case .notShown = await run(assignees) { return }
            picker = assignees
        case .toggleAssignees(let number, let people):
            let toggle = AssigneeCoordinator(
                terminal: terminal, dependencies: dependencies, mode: .toggle(number, people))
            // The change was said in a line ("Assigned bob to #1"), and so was a failure.
            _ = await run(toggle)
            await viewModel.send(.refresh)
            return
        case .view(let number):
            let detail = IssueDetailCoordinator(terminal: terminal, dependencies: dependencies, number: number)
            // An issue that could not be shown was said in one line: the list stays as it was.
            if case .notShown = await run(detail) { return }
        }
        await viewModel.send(.refresh)
        show()
        if let outcome { IssueCreatorView(format: .table).renderOutcome(outcome, to: terminal) }
        picker?.renderChange()
    }
}
