import TerminalKit
import TrackerCore

/// The edit of one issue's title and body, started from the issue screen: the person's editor
/// opens "title, blank line, body" (or, without one, the title and then body lines are asked),
/// and the text is saved against the version read. When someone else changed the issue
/// meanwhile, the screen says what they changed and offers to apply the text to the new version;
/// declining leaves the text kept as a draft. `:q` at any prompt cancels with nothing written.
@MainActor
public final class IssueEditorCoordinator: Coordinator {
    public enum Outcome: Equatable, Sendable {
        case saved(Issue)
        /// The text was the text read: nothing was written.
        case unchanged
        case cancelled
        /// Not saved (a conflict the person did not resolve, or a failure); `kept` when the text
        /// is in the issue's edit draft.
        case notSaved(TrackerError, kept: Bool)
    }

    public var childCoordinators: [any Coordinator] = []
    public let viewModel: IssueEditorViewModel
    private let terminal: any Terminal
    private let editBody: (@Sendable (String) -> String?)?
    private let view = IssueEditorView()

    public init(terminal: any Terminal, dependencies: ScreenDependencies, number: IssueNumber) {
        self.terminal = terminal
        editBody = dependencies.editBody
        viewModel = IssueEditorViewModel(
            number: number, actor: dependencies.actor, useCases: dependencies.issueEditorUseCases)
    }

    public func start() async -> Outcome {
        await viewModel.send(.appear)
        // Not read, nothing typed: the parent says the one line.
        if let problem = viewModel.output.problem { return .notSaved(problem, kept: false) }
        view.renderStart(viewModel.number, to: terminal)
        guard await askText() else { return .cancelled }
        while true {
            await viewModel.send(.save)
            switch viewModel.output.result {
            case .saved(let issue): return .saved(issue)
            case .unchanged, nil: return .unchanged
            case .failed(let problem, let kept): return .notSaved(problem, kept: kept)
            case .conflict(let conflict):
                view.renderConflict(conflict, to: terminal)
                guard let answer = ask(IssueEditorView.reapplyPrompt), answer.lowercased().hasPrefix("y") else {
                    return .notSaved(.editConflict(conflict), kept: true)
                }
                await viewModel.send(.reload)
                if let problem = viewModel.output.problem {
                    terminal.writeFailure(problem)
                    return .notSaved(problem, kept: true)
                }
                // With an editor, the person sees their text over the new version before saving.
                if editBody != nil, !(await askText()) {
                    return .notSaved(.editConflict(conflict), kept: true)
                }
            }
        }
    }

    /// The new title and body, asked until they keep the rules; false when the person cancels.
    private func askText() async -> Bool {
        if let editBody {
            while true {
                terminal.writeLine("Opening your editor on the title and body…")
                guard let edited = editBody(viewModel.output.text.text), let text = IssueText(parsing: edited) else {
                    return false
                }
                await viewModel.send(.text(text))
                guard let problem = viewModel.output.problem else { return true }
                terminal.writeFailure(problem)
            }
        }
        guard await askTitle() else { return false }
        return await askBody()
    }

    private func askTitle() async -> Bool {
        while true {
            guard let title = ask(view.titlePrompt(viewModel.output)) else { return false }
            await viewModel.send(.title(title))
            guard let problem = viewModel.output.problem else { return true }
            terminal.writeFailure(problem)
        }
    }

    private func askBody() async -> Bool {
        while true {
            view.renderBodyPrompt(to: terminal)
            repeat {
                guard let line = ask("") else { return false }
                await viewModel.send(.bodyLine(line))
            } while viewModel.output.typedBody != nil
            guard let problem = viewModel.output.problem else { return true }
            terminal.writeFailure(problem)
        }
    }

    /// nil when the person cancels (`:q`) or input ends.
    private func ask(_ prompt: String) -> String? {
        terminal.readAnswer(prompt: prompt)
    }
}
