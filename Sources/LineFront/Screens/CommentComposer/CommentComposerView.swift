import TerminalKit
import TrackerCore
import TrackerUI

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
            terminal.writeLine(CommentNoticeView.describe(comment, .added))
        case .cancelled:
            terminal.writeLine(TabFrameView.cancelled)
        case .notPosted(let failure, let kept):
            terminal.writeFailure(failure)
            if kept { terminal.writeLine("Your comment is kept as a draft of a comment on issue \(number).") }
        }
    }
}
