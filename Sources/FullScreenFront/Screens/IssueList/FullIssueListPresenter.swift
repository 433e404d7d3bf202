import LineFront
import TerminalKit
import TrackerCore
import TrackerUI

/// The issue list on the full screen: the page as a table with a highlighted row moved by the
/// keys; moving past the page's last row fetches the next page by keyset (the one after the
/// last issue shown), past its first the page before. Enter opens the issue; `/` searches as it
/// is typed, `f` edits the filter and `:` takes any command the line front's prompt takes.
@MainActor
final class FullIssueListPresenter: IssueListPresenter {
    /// An input line open at the bottom of the list.
    enum Field {
        /// The search as typed, and the search before it (Escape goes back to it).
        case search(FieldEditor, previous: String)
        case filter(FieldEditor)
        case command(FieldEditor)
    }

    /// Where the highlight lands on a page just loaded.
    enum Landing { case first, last }

    let session: FullScreenSession
    let scope: IssueListCoordinator.Scope
    let view = IssueListView(format: .table)
    var output: IssueListViewModel.Output?
    var rows = RowCursor()
    var message: [String] = []
    var field: Field?
    var landing: Landing?
    /// A filter typed and sent: opened again with its text if the view model refuses it.
    var sentFilter: String?
    var drawnTable: DrawnTable?

    /// The table last laid out, for the page and width it was laid out for.
    struct DrawnTable {
        let issues: [Issue]
        let filter: IssueFilter
        let width: Int
        let lines: [String]
    }

    init(session: FullScreenSession, scope: IssueListCoordinator.Scope) {
        self.session = session
        self.scope = scope
    }

    var followsLiveUpdates: Bool { true }

    /// Two screens of rows (at least the line front's page): the highlight moves within a page
    /// most of the time, and a page is fetched only at its ends.
    var pageSize: Int {
        max(IssueListViewModel.pageSize, 2 * ScreenLayout.bodyHeight(size: session.size, message: [], field: false))
    }

    func show(_ output: IssueListViewModel.Output) {
        if self.output?.filter.withoutCursor != output.filter.withoutCursor { rows = RowCursor() }
        self.output = output
        let said = session.takeCarried() + said(output)
        // News with nothing to say (this screen's own change, heard back) keeps what was said.
        if output.news == nil || !said.isEmpty { message = said }
        switch landing {
        case .first: rows.selected = 0
        case .last: rows.selected = output.issues.count - 1
        case nil: break
        }
        landing = nil
        if output.failure != nil, let text = sentFilter { field = .filter(FieldEditor(text)) }
        sentFilter = nil
    }

    /// What the last input did, in the line front's words.
    private func said(_ output: IssueListViewModel.Output) -> [String] {
        var lines: [String] = output.failure.map(session.failure) ?? []
        if let notice = output.notice { lines.append(IssueListView.describe(notice)) }
        if let note = IssueListView.searchNote(output.ignoredSearchWords) { lines.append(VisibleText.line(note)) }
        if let news = output.news {
            lines += news.notices.map { VisibleText.line(LiveNoticesView.describe($0)) }
            if news.typing, news.affected > 0 { lines.append(IssueListView.changedWhileTyping(news.affected)) }
        }
        switch output.returned {
        case .creator(let outcome):
            lines += session.words { IssueCreatorView(format: .table).renderOutcome(outcome, to: $0) }
        case .assignees(let change?): lines += session.words { AssigneeView().renderChange(change, to: $0) }
        case .assignees(nil), .issue, nil: break
        }
        return lines
    }

    func next(following live: LiveSubscription?) async -> TabInput<IssueListViewModel.Input>? {
        while true {
            switch session.nextEvent(wake: live?.wake, layout: layout) {
            case .ended: return nil
            case .woken, .windowChanged:
                guard let live else { continue }
                return .screen(.changedElsewhere(live.take(), typing: field != nil))
            case .key(let key):
                if let input = field != nil ? fieldKey(key) : listKey(key) { return input }
            }
        }
    }
}

extension IssueFilter {
    /// The filter without its page: a new search or filter starts the highlight again, a page does not.
    var withoutCursor: IssueFilter {
        var filter = self
        filter.after = nil
        return filter
    }
}
