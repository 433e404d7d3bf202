import TerminalKit
import TrackerCore
import TrackerUI

/// A new comment at line prompts: lines up to a lone `.`, or the person's editor when there is
/// one. `:q`, or an emptied editor file, cancels.
@MainActor
final class LineCommentComposerPresenter: CommentComposerPresenter {
    private let terminal: any Terminal
    private let editBody: BodyEditing?
    private var output: CommentComposerViewModel.Output?

    init(terminal: any Terminal, editBody: BodyEditing?) {
        self.terminal = terminal
        self.editBody = editBody
    }

    func show(_ output: CommentComposerViewModel.Output) {
        defer { self.output = output }
        guard self.output != nil else {
            return CommentComposerView().renderStart(output.number, editor: editBody != nil, to: terminal)
        }
        if let failure = output.failure { terminal.writeFailure(failure) }
    }

    func next() async -> CommentComposerViewModel.Input? {
        guard let editBody else {
            return TypedLines.read(from: terminal).map { .text($0.joined(separator: "\n")) } ?? .cancel
        }
        terminal.writeLine("Opening your editor for the comment…")
        // Emptying the file gives the comment up, as it does an edit.
        guard let edited = editBody(output?.text ?? ""), !edited.allSatisfy(\.isWhitespace) else { return .cancel }
        return .text(edited.withoutTrailingNewlines)
    }
}
