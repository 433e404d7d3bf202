import TerminalKit
import TrackerCore

/// The issue screen: the issue with its comments and timeline, and the actions that start from
/// one issue: edit the title and body, comment, choose assignees (each a child screen with its
/// outcome), choose labels and the milestone, close and reopen. `b` goes back to the screen that
/// opened it.
@MainActor
public final class IssueDetailCoordinator: Coordinator {
    public enum Outcome: Equatable, Sendable {
        case back
        /// The issue could not be shown (it does not exist, or the database failed).
        case notShown(TrackerError)
    }

    public var childCoordinators: [any Coordinator] = []
    public let viewModel: IssueDetailViewModel
    private let terminal: any Terminal
    private let dependencies: ScreenDependencies
    private let view: IssueDetailView

    public init(terminal: any Terminal, dependencies: ScreenDependencies, number: IssueNumber) {
        self.terminal = terminal
        self.dependencies = dependencies
        self.view = IssueDetailView(format: .table)
        viewModel = IssueDetailViewModel(
            number: number, actor: dependencies.actor, useCases: dependencies.issueDetailUseCases)
    }

    public func start() async -> Outcome {
        await viewModel.send(.appear)
        if let failure = viewModel.output.failure {
            terminal.writeFailure(failure)
            return .notShown(failure)
        }
        show()
        let live = LiveSubscription.start(
            dependencies.watchChanges, filter: ChangeFilter(issue: viewModel.number), on: terminal)
        let outcome = await LivePrompt.readCommands(
            on: terminal, prompt: "#\(viewModel.number.value)> ", live: live,
            showChanges: { news, _ in await self.showChanges(news) }, act: act)
        await live?.stop()
        return outcome ?? .back
    }

    /// Shows what landed on this issue while the screen waited, above the prompt.
    private func showChanges(_ news: LiveNews) async {
        guard !news.isEmpty else {
            terminal.write("\r")
            return
        }
        terminal.writeLine()
        LiveNoticesView.render(news.notices, to: terminal)
        guard !news.changedIssues.isEmpty else { return }
        await viewModel.send(.changedElsewhere)
        if let failure = viewModel.output.failure {
            terminal.writeFailure(failure)
        } else {
            view.renderLanded(viewModel.output.landed, to: terminal)
        }
    }

    /// Acts on one command; the outcome when it ends the screen.
    private func act(on line: String) async -> Outcome? {
        switch IssueDetailCommands.parse(line) {
        case .back:
            return .back
        case .help:
            terminal.writeLine(IssueDetailCommands.help)
        case .unknown(let text):
            terminal.writeLine("Unknown command '\(VisibleText.line(text))'. " + IssueDetailCommands.help)
        case .edit:
            await edit()
        case .comment:
            await comment()
        case .assignees:
            await chooseAssignees()
        case .labels:
            await chooseLabels()
        case .milestone:
            await chooseMilestone()
        case .input(let input):
            await viewModel.send(input)
            show()
        }
        return nil
    }

    /// Edits the title and body (a child screen); once saved, the issue is shown again.
    private func edit() async {
        let number = viewModel.number
        let outcome = await run(IssueEditorCoordinator(terminal: terminal, dependencies: dependencies, number: number))
        guard case .saved = outcome else {
            IssueEditorView().renderOutcome(outcome, of: number, to: terminal)
            return
        }
        await viewModel.send(.edited)
        show()
    }

    /// Writes a comment (a child screen); once posted, the issue is shown again with it.
    private func comment() async {
        let number = viewModel.number
        let outcome = await run(
            CommentComposerCoordinator(terminal: terminal, dependencies: dependencies, number: number))
        guard case .posted = outcome else {
            CommentComposerView().renderOutcome(outcome, of: number, to: terminal)
            return
        }
        await viewModel.send(.commented)
        show()
    }

    /// Chooses assignees (a child screen, which saves them); the issue is shown again.
    private func chooseAssignees() async {
        let picker = AssigneeCoordinator(terminal: terminal, dependencies: dependencies, mode: .issue(viewModel.number))
        if case .chosen(let logins) = await run(picker) {
            await viewModel.send(.assigned(logins))
        } else {
            await viewModel.send(.appear)
        }
        show()
        picker.renderChange()
    }

    /// Chooses labels (the picker saves them through EditIssues); the issue is shown again with
    /// what changed.
    private func chooseLabels() async {
        let picker = ChoiceCoordinator.labels(
            terminal: terminal, dependencies: dependencies, mode: .issue(viewModel.number))
        let outcome = await run(picker)
        let change = if case .chosen(let change) = outcome { change } else { ChoiceChange<LabelName>.none }
        await viewModel.send(.labelled(change))
        show()
    }

    /// Chooses the milestone, or none (saved by the picker); the issue is shown again.
    private func chooseMilestone() async {
        let picker = ChoiceCoordinator.milestone(
            terminal: terminal, dependencies: dependencies, mode: .issue(viewModel.number))
        let outcome = await run(picker)
        let change = if case .chosen(let change) = outcome { change } else { ChoiceChange<MilestoneTitle>.none }
        await viewModel.send(.milestoned(change))
        show()
    }

    /// The issue, then what the last action did; a failure is one line, not the issue again.
    private func show() {
        if let failure = viewModel.output.failure {
            terminal.writeFailure(failure)
            return
        }
        terminal.writeLine("")
        view.render(viewModel.output, to: terminal)
        if let notice = viewModel.output.notice { terminal.writeLine(notice) }
        terminal.writeLine("? for help · b back")
    }
}
