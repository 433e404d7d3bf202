import TerminalKit
import TrackerCore

/// The Milestones tab: progress of each milestone; creates (`n`), closes (`c`), reopens (`o`)
/// and opens a milestone's issues (`v`), a filtered issue list whose `b` comes back here.
@MainActor
public final class MilestonesCoordinator: Coordinator {
    public typealias Outcome = TabOutcome

    public var childCoordinators: [any Coordinator] = []
    public let viewModel: MilestonesViewModel
    private let terminal: any Terminal
    private let dependencies: ScreenDependencies
    private let view = MilestonesView()

    public init(terminal: any Terminal, dependencies: ScreenDependencies) {
        self.terminal = terminal
        self.dependencies = dependencies
        viewModel = MilestonesViewModel(useCases: dependencies.organization)
    }

    public func start() async -> Outcome {
        await viewModel.send(.appear)
        view.render(viewModel.output, to: terminal)
        while let line = terminal.readLine(prompt: "milestones> ") {
            switch TabCommands.parse(line) {
            case .switchTo(let tab): return .switchTo(tab)
            case .unknownTab(let name): terminal.writeLine(TabBarView.unknown(name))
            case nil: if let leaving = await handle(MilestonesCommands.parse(line)) { return leaving }
            }
        }
        return .quit
    }

    /// What the tab returns when the command leaves it; nil to stay.
    private func handle(_ command: MilestonesCommands.Parsed) async -> Outcome? {
        switch command {
        case .quit:
            return .quit
        case .help:
            terminal.writeLine(MilestonesCommands.help)
            return nil
        case .refresh:
            await viewModel.send(.appear)
        case .unknown(let text):
            await viewModel.send(.unknown(text))
            view.render(viewModel.output, to: terminal)
            terminal.writeLine(MilestonesCommands.help)
            return nil
        case .new:
            guard let title = terminal.readAnswer(prompt: "Title: "),
                let due = terminal.readAnswer(prompt: "Due date (YYYY-MM-DD, Enter for none): "),
                let description = terminal.readAnswer(prompt: "Description (Enter for none): ")
            else {
                terminal.writeLine("Cancelled: nothing was written.")
                return nil
            }
            await viewModel.send(.create(title: title, due: due, description: description))
        case .close(let reference):
            guard let milestone = found(reference) else { return nil }
            await viewModel.send(.close(milestone.title))
        case .reopen(let reference):
            guard let milestone = found(reference) else { return nil }
            await viewModel.send(.reopen(milestone.title))
        case .issues(let reference):
            guard let milestone = found(reference) else { return nil }
            if case .issues(let title) = await viewModel.send(.issues(milestone.title)) {
                let list = IssueListCoordinator(
                    terminal: terminal, dependencies: dependencies, scope: .milestone(title))
                let outcome = await run(list)
                if outcome != .back { return outcome }
                await viewModel.send(.appear)
            }
        }
        view.render(viewModel.output, to: terminal)
        return nil
    }

    private func found(_ reference: String) -> Milestone? {
        let milestone = viewModel.milestone(reference)
        if let failure = viewModel.output.failure { terminal.writeFailure(failure) }
        return milestone
    }
}
