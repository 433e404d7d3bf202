import TerminalKit
import TrackerCore

/// Renders the comment composer: how to write, and what its outcome means for the person.
@MainActor
public struct CommentComposerView {
    public init() {}

    public func renderStart(_ number: IssueNumber, editor: Bool, to terminal: any Terminal) {
        terminal.writeLine("")
        terminal.writeLine("Comment on issue \(number) (type :q at any prompt to cancel)")
        if !editor { terminal.writeLine("Comment (\(TypedLines.howToEnd)):") }
    }

    /// What the screen that started the composer says when no comment was posted (a posted
    /// comment is said by showing the issue again).
    public func renderOutcome(
        _ outcome: CommentComposerCoordinator.Outcome, of number: IssueNumber, to terminal: any Terminal
    ) {
        switch outcome {
        case .posted(let comment):
            terminal.writeLine("Commented on issue \(comment.issue)")
        case .cancelled:
            terminal.writeLine("Cancelled: nothing was written.")
        case .notPosted(let problem, let kept):
            terminal.writeFailure(problem)
            if kept { terminal.writeLine("Your comment is kept as a draft of a comment on issue \(number).") }
        }
    }
}
