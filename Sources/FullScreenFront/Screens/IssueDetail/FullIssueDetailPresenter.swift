import LineFront
import TerminalKit
import TrackerCore
import TrackerUI

/// One issue on the full screen: the issue, its timeline and its comments as the line front
/// writes them, scrolled with the arrows; a key for each action (`e` edit, `c` comment, `a`
/// assignees, `l` labels, `m` milestone, `x` close, `o` reopen); Escape goes back.
@MainActor
final class FullIssueDetailPresenter: IssueDetailPresenter {
    /// The issue screen's keys that `permissions` allow on an issue by `author`.
    static func keys(allowedBy permissions: Permissions, author: Login?) -> String {
        ScreenLayout.keys(
            [
                KeyHint("Esc back"), KeyHint("↑↓ scroll"), KeyHint("e edit", needs: .editIssueText(author: author)),
                KeyHint("c comment", needs: .comment), KeyHint("a assignees", needs: .organizeIssues),
                KeyHint("l labels", needs: .organizeIssues), KeyHint("m milestone", needs: .organizeIssues),
                KeyHint("x close · X not planned", needs: .close), KeyHint("o reopen", needs: .reopen),
                KeyHint("r refresh"), KeyHint(": command"),
            ], allowedBy: permissions)
    }

    private var keys: String {
        Self.keys(allowedBy: output?.permissions ?? .databaseDecides, author: output?.details?.issue.author)
    }

    private let session: FullScreenSession
    private var output: IssueDetailViewModel.Output?
    private var top = 0
    private var message: [String] = []
    private var command: FieldEditor?
    /// The issue's text as last written, for the output and width it was written for.
    private var written: (output: IssueDetailViewModel.Output, width: Int, lines: [String])?

    init(session: FullScreenSession) {
        self.session = session
    }

    var followsLiveUpdates: Bool { true }

    func show(_ output: IssueDetailViewModel.Output) {
        if self.output?.number != output.number { top = 0 }
        self.output = output
        let said = session.takeCarried() + said(output)
        // News with nothing to say (this screen's own change, heard back) keeps what was said.
        if output.news == nil || !said.isEmpty { message = said }
        if output.details == nil, let failure = output.failure { session.carried = session.failure(failure) }
    }

    /// What the last action did, in the line front's words.
    private func said(_ output: IssueDetailViewModel.Output) -> [String] {
        var lines = output.failure.map(session.failure) ?? []
        switch output.notice {
        case .unchangedBy(.editor(let outcome))?:
            lines += session.words { IssueEditorView().renderOutcome(outcome, of: output.number, to: $0) }
        case .unchangedBy(.composer(let outcome))?:
            lines += session.words { CommentComposerView().renderOutcome(outcome, of: output.number, to: $0) }
        case let notice?: lines.append(IssueDetailView.describe(notice, of: output.number))
        case nil: break
        }
        if let change = output.assigneeChange { lines += session.words { AssigneeView().renderChange(change, to: $0) } }
        if let news = output.news {
            lines += news.notices.map { VisibleText.line(LiveNoticesView.describe($0)) }
            lines += landed(output.landed)
        }
        return lines
    }

    /// New timeline entries and comments, as the line front writes what landed while it waited.
    private func landed(_ landed: IssueDetailViewModel.Landed) -> [String] {
        guard !landed.isEmpty else { return [] }
        let lines = session.words { IssueDetailView(format: .table).renderLanded(landed, to: $0) }
        return Array(lines.filter { !$0.isEmpty }.prefix(3))
    }

    func next(following live: LiveSubscription?) async -> IssueDetailViewModel.Input? {
        while true {
            switch session.nextEvent(wake: live?.wake, layout: layout) {
            case .ended: return nil
            case .woken, .windowChanged:
                if let live { return .changedElsewhere(live.take()) }
            case .key(let key):
                if let input = command != nil ? commandKey(key) : self.key(key) { return input }
            }
        }
    }

    private func key(_ key: Key) -> IssueDetailViewModel.Input? {
        message = []
        let page = max(1, bodyHeight - 1)
        switch key {
        case .up, .text("k"): top -= 1
        case .down, .text("j"): top += 1
        case .pageUp: top -= page
        case .pageDown, .text(" "): top += page
        case .home, .text("g"): top = 0
        case .end, .text("G"): top = Int.max / 2
        case .escape, .text("b"), .text("q"): return .back
        case .text("e"): return .edit
        case .text("c"): return .comment
        case .text("a"): return .chooseAssignees
        case .text("l"): return .chooseLabels
        case .text("m"): return .chooseMilestone
        case .text("x"): return .close(.completed)
        case .text("X"): return .close(.notPlanned)
        case .text("o"): return .reopen
        case .text("r"): return .appear
        case .text(":"): command = FieldEditor()
        case .text("?"): message = WordWrap.lines(keys, width: session.size.columns)
        default: break
        }
        return nil
    }

    /// `:` and a line as the line front's issue prompt reads it.
    private func commandKey(_ key: Key) -> IssueDetailViewModel.Input? {
        guard var editor = command else { return nil }
        switch key {
        case .escape:
            command = nil
            return nil
        case .enter:
            command = nil
            switch IssueDetailCommands.parse(editor.text) {
            case .input(let input): return input
            case .help: message = WordWrap.lines(lineHelp, width: session.size.columns)
            case .unknown(let text):
                message = WordWrap.lines(
                    "Unknown command '\(VisibleText.line(text))'. " + lineHelp, width: session.size.columns)
            }
            return nil
        default:
            _ = editor.take(key)
            command = editor
            return nil
        }
    }

    /// The issue as the line front writes it, written again only when it or the width changed.
    private func text(_ output: IssueDetailViewModel.Output, width: Int) -> [String] {
        if let written, written.output == output, written.width == width { return written.lines }
        let lines = session.words { IssueDetailView(format: .table, showsComments: true).render(output, to: $0) }
        written = (output, width, lines)
        return lines
    }

    private var lineHelp: String {
        IssueDetailCommands.help(
            allowedBy: output?.permissions ?? .databaseDecides, author: output?.details?.issue.author)
    }

    private var bodyHeight: Int { ScreenLayout.bodyHeight(size: session.size, message: message, field: command != nil) }

    private func layout() -> ScreenLayout {
        let size = session.size
        let title = output.map { "Issue #\($0.number.value)" } ?? "Issue"
        var layout = ScreenLayout(tab: .issues, title: title, message: message, keys: keys)
        if var editor = command {
            layout.field = editor.row(label: ":", width: size.columns)
            command = editor
        }
        guard let output, output.details != nil else { return layout }
        let text = self.text(output, width: size.columns)
        top = max(0, min(top, text.count - bodyHeight))
        layout.body = Array(text.dropFirst(top))
        return layout
    }
}
