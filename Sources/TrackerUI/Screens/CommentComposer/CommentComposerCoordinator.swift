import TerminalKit
import TrackerCore

/// A new comment on one issue, started from the issue screen: lines until a lone `.`, or the
/// person's editor when there is one. An empty typed comment is refused and asked again; `:q` at
/// any prompt, or an emptied editor file, cancels with nothing written.
@MainActor
public final class CommentComposerCoordinator: Coordinator {
    public enum Outcome: Equatable, Sendable {
        case posted(Comment)
        case cancelled
        /// Not posted: why, and whether the text is kept in the issue's comment draft.
        case notPosted(TrackerError, kept: Bool)
    }

    public var childCoordinators: [any Coordinator] = []
    public let viewModel: CommentComposerViewModel
    private let terminal: any Terminal
    private let editBody: (@Sendable (String) -> String?)?
    private let view = CommentComposerView()

    public init(terminal: any Terminal, dependencies: ScreenDependencies, number: IssueNumber) {
        self.terminal = terminal
        editBody = dependencies.editBody
        viewModel = CommentComposerViewModel(
            number: number, author: dependencies.actor, useCases: dependencies.commentComposerUseCases)
    }

    public func start() async -> Outcome {
        view.renderStart(viewModel.number, editor: editBody != nil, to: terminal)
        guard await askText() else { return .cancelled }
        await viewModel.send(.post)
        let output = viewModel.output
        if let comment = output.posted { return .posted(comment) }
        return .notPosted(output.failure ?? .storageFailure("the comment was not posted"), kept: output.kept)
    }

    /// The comment, asked until it keeps the rules; false when the person cancels.
    private func askText() async -> Bool {
        while true {
            if let editBody {
                terminal.writeLine("Opening your editor for the comment…")
                // Emptying the file gives the comment up, as it does an edit.
                guard let edited = editBody(viewModel.output.text), !edited.allSatisfy(\.isWhitespace) else {
                    return false
                }
                await viewModel.send(.text(edited.withoutTrailingNewlines))
            } else {
                repeat {
                    guard let line = terminal.readAnswer(prompt: "") else { return false }
                    await viewModel.send(.line(line))
                } while viewModel.output.typed != nil
            }
            guard let problem = viewModel.output.problem else { return true }
            terminal.writeFailure(problem)
        }
    }
}
