import TerminalKit
import TrackerCore
import TrackerUI

/// The issue screen at a line prompt: the issue, what the last action did, then `#N> `;
/// commands are read by `IssueDetailCommands`.
@MainActor
final class LineIssueDetailPresenter: IssueDetailPresenter {
    private let terminal: any Terminal
    private let view = IssueDetailView(format: .table, onScreen: true)
    private let prompt = LivePrompt()
    private var number: IssueNumber?
    private var help = IssueDetailCommands.help

    init(terminal: any Terminal) {
        self.terminal = terminal
    }

    var followsLiveUpdates: Bool { terminal.wakesForLiveUpdates }

    func show(_ output: IssueDetailViewModel.Output) {
        number = output.number
        help = IssueDetailCommands.help(allowedBy: output.permissions, author: output.details?.issue.author)
        if let news = output.news { return showNews(news, output) }
        if let failure = output.failure { return terminal.writeFailure(failure) }
        if let history = output.history {
            return HistoryView().render(history, of: "issue \(output.number)", to: terminal)
        }
        if let change = output.versionChange {
            return HistoryView().renderChange(change, of: "issue \(output.number)", to: terminal)
        }
        if case .unchangedBy(let child)? = output.notice { return say(child, of: output.number) }
        terminal.writeLine("")
        view.render(output, to: terminal)
        if let notice = output.notice { terminal.writeLine(IssueDetailView.describe(notice, of: output.number)) }
        terminal.writeLine("? for help · b back")
        if let change = output.assigneeChange { AssigneeView().renderChange(change, to: terminal) }
    }

    func next(following live: LiveSubscription?) async -> IssueDetailViewModel.Input? {
        let prompt = "#\(number?.value ?? 0)> "
        while true {
            switch self.prompt.read(prompt, on: terminal, following: live) {
            case .ended:
                return nil
            case .news(let news, _):
                return .changedElsewhere(news)
            case .line(let line):
                switch IssueDetailCommands.parse(line) {
                case .input(.back):
                    self.prompt.ended()
                    return .back
                case .input(let input):
                    self.prompt.acted()
                    return input
                case .help:
                    terminal.writeHelp(help)
                case .unknown(let text):
                    terminal.writeLine("Unknown command '\(VisibleText.line(text))'.")
                    terminal.writeHelp(help)
                }
                self.prompt.acted()
            }
        }
    }

    /// The editor or the composer ended with nothing saved: how, in its own words.
    private func say(_ child: IssueDetailViewModel.Unchanged, of number: IssueNumber) {
        switch child {
        case .editor(let outcome): IssueEditorView().renderOutcome(outcome, of: number, to: terminal)
        case .composer(let outcome): CommentComposerView().renderOutcome(outcome, of: number, to: terminal)
        }
    }

    /// Shows what landed on this issue while the screen waited, above the prompt.
    private func showNews(_ news: LiveNews, _ output: IssueDetailViewModel.Output) {
        guard !news.isEmpty else {
            terminal.write("\r")
            return
        }
        terminal.writeLine()
        LiveNoticesView.render(news.notices, to: terminal)
        guard !news.changedIssues.isEmpty else { return }
        if let failure = output.failure {
            terminal.writeFailure(failure)
        } else {
            view.renderLanded(output.landed, to: terminal)
        }
    }
}
