import TerminalKit
import TrackerCore
import TrackerUI

/// The issue list at a line prompt: the page as a table, then `tracker> `; commands are read by
/// `IssueListCommands`. A mistake or a failure takes one line and the page on the screen stays.
@MainActor
final class LineIssueListPresenter: IssueListPresenter {
    /// Lines of the screen that are not issues: the tabs, the filter, the table's header, the
    /// help line, a notice and the prompt.
    static let screenLines = 6

    private let terminal: any Terminal
    private let scope: IssueListCoordinator.Scope
    private let me: Login
    private let view = IssueListView(format: .table)
    private let prompt = LivePrompt()
    /// The filter shown: `f` changes it, and `/` keeps it.
    private var filter = IssueFilter()
    private var permissions = Permissions.databaseDecides

    init(terminal: any Terminal, scope: IssueListCoordinator.Scope, me: Login) {
        self.terminal = terminal
        self.scope = scope
        self.me = me
    }

    var followsLiveUpdates: Bool { terminal.wakesForLiveUpdates }

    /// As many issues as fit the terminal above the prompt, at least 5; without a terminal's
    /// height (a script on a pipe), `IssueListViewModel.pageSize`.
    var pageSize: Int { Self.pageSize(height: terminal.height) }

    static func pageSize(height: Int?) -> Int {
        guard let height else { return IssueListViewModel.pageSize }
        return max(5, height - screenLines)
    }

    func show(_ output: IssueListViewModel.Output) {
        filter = output.filter
        permissions = output.permissions
        if let news = output.news { return showNews(news, output) }
        if output.failure == nil, case .unknownCommand? = output.notice, let notice = output.notice {
            return terminal.writeLine(IssueListView.describe(notice))
        }
        drawPage(output)
        switch output.returned {
        case .creator(let outcome): IssueCreatorView(format: .table).renderOutcome(outcome, to: terminal)
        case .assignees(let change?): AssigneeView().renderChange(change, to: terminal)
        case .assignees(nil), .issue, nil: break
        }
    }

    func next(following live: LiveSubscription?) async -> TabInput<IssueListViewModel.Input>? {
        while true {
            switch prompt.read("tracker> ", on: terminal, following: live) {
            case .ended:
                return nil
            case .news(let news, let typing):
                return .screen(.changedElsewhere(news, typing: typing))
            case .line(let line):
                if let input = read(line) { return input }
                prompt.acted()
            }
        }
    }

    /// What the line asks of the screen; nil when it was answered here (help, a tab that does not exist).
    private func read(_ line: String) -> TabInput<IssueListViewModel.Input>? {
        switch TabCommands.parse(line) {
        case .switchTo(let tab):
            prompt.ended()
            return .switchTo(tab)
        case .unknownTab(let name):
            terminal.writeLine(TabBarView.unknown(name))
            return nil
        case .switchProject(let key):
            prompt.ended()
            return .switchProject(key)
        case .invalidProject(let failure):
            terminal.writeFailure(failure)
            return nil
        case nil:
            break
        }
        switch IssueListCommands.parse(line, current: filter, me: me) {
        case .quit:
            prompt.ended()
            return .quit
        case .back where scope != .tab:
            prompt.ended()
            return .back
        case .help, .back:
            terminal.writeHelp(help)
            return nil
        case .input(let input):
            prompt.acted()
            return .screen(input)
        }
    }

    private var help: String {
        let help = IssueListCommands.help(allowedBy: permissions)
        return scope == .tab ? help : help + " · b back to the milestones"
    }

    private func drawPage(_ output: IssueListViewModel.Output) {
        let tab = scope == .tab ? Tab.issues : Tab.milestones
        view.renderScreen(output, me: me, header: TabBarView.line(current: tab), to: terminal)
        if case .milestone = scope, output.failure == nil { terminal.writeLine("b back to the milestones") }
    }

    /// Redraws the page a teammate's change touched; while something is half-typed, says so in a
    /// line instead, so the typing stays where it was.
    private func showNews(_ news: IssueListViewModel.News, _ output: IssueListViewModel.Output) {
        guard news.affected > 0 || !news.notices.isEmpty else {
            // Nothing to show: the prompt and the typing are written again over themselves.
            terminal.write("\r")
            return
        }
        terminal.writeLine()
        LiveNoticesView.render(news.notices, to: terminal)
        guard news.affected > 0 else { return }
        if news.typing {
            terminal.writeLine(IssueListView.changedWhileTyping(news.affected))
        } else {
            drawPage(output)
        }
    }
}
