import LineFront
import TerminalKit
import TrackerCore
import TrackerUI

/// A new comment on the full screen: typed in a text area up to Ctrl-D (or written in the
/// person's editor, when they have one); Escape leaves without posting. A refused comment keeps
/// its text.
@MainActor
final class FullCommentComposerPresenter: CommentComposerPresenter {
    static let keys = "Ctrl-D post · Enter new line · ↑↓ move · Esc cancel"

    private let session: FullScreenSession
    private var output: CommentComposerViewModel.Output?
    private var area = TextArea()
    private var message: [String] = []

    init(session: FullScreenSession) {
        self.session = session
    }

    func show(_ output: CommentComposerViewModel.Output) {
        self.output = output
        message = output.failure.map(session.failure) ?? []
    }

    func next() async -> CommentComposerViewModel.Input? {
        if let editBody = session.editBody {
            // Emptying the file gives the comment up, as on the line front.
            guard let edited = editBody(output?.text ?? ""), !edited.allSatisfy(\.isWhitespace) else { return .cancel }
            return .text(edited.withoutTrailingNewlines)
        }
        return session.read(layout: layout) {
            area.read($0, said: &message)?.input(CommentComposerViewModel.Input.text, cancel: .cancel)
        }
    }

    private func layout() -> ScreenLayout {
        let number = output.map { "\($0.number)" } ?? ""
        var layout = ScreenLayout(tab: .issues, title: "Comment on issue \(number)", message: message, keys: Self.keys)
        let height = ScreenLayout.bodyHeight(size: session.size, message: message, field: false)
        let shown = area.render(width: session.size.columns, height: height)
        layout.body = shown.lines
        layout.bodyCursor = shown.cursor
        return layout
    }
}
