import LineFront
import TerminalKit
import TrackerCore
import TrackerUI

/// What each key does on the issue list, and what the list looks like.
extension FullIssueListPresenter {
    /// The list's keys; those the session's level does not allow are left out.
    static let hints = [
        KeyHint("↑↓ PgUp PgDn move"), KeyHint("Enter open"), KeyHint("/ search"), KeyHint("f filter"),
        KeyHint("n new", needs: .createIssue), KeyHint("a assign", needs: .organizeIssues),
        KeyHint("x close · X not planned", needs: .close), KeyHint("o reopen", needs: .reopen),
        KeyHint("r refresh"), KeyHint("p project"), KeyHint(": command"), KeyHint("1-4 Tab switch tabs"),
        KeyHint("q quit"),
    ]
    static let searchKeys = "type to search as you go · Enter keep the search · Esc undo it"
    static let fieldKeys = "Enter apply · Esc cancel · ← → Home End to edit"

    var tab: Tab { scope == .tab ? .issues : .milestones }
    var listKeys: String { ScreenLayout.keys(Self.hints, allowedBy: output?.permissions ?? .databaseDecides) }
    var issues: [Issue] { output?.issues ?? [] }
    var selectedIssue: Issue? { issues.indices.contains(rows.selected) ? issues[rows.selected] : nil }
    var visibleRows: Int {
        max(1, ScreenLayout.bodyHeight(size: session.size, message: message, field: field != nil) - 1)
    }

    /// A key while the list has the keys: moves, or the input it asks for.
    func listKey(_ key: Key) -> TabInput<IssueListViewModel.Input>? {
        message = []
        if let tab = self.tab.switched(by: key) { return .switchTo(tab) }
        if let input = move(key) { return .screen(input) }
        let number = selectedIssue?.number
        switch key {
        case .enter, .text("v"): return number.map { .screen(.view($0)) }
        case .text("n"): return .screen(.newIssue)
        case .text("a"): return number.map { .screen(.assign($0)) }
        case .text("x"): return number.map { .screen(.close([$0], .completed)) }
        case .text("X"): return number.map { .screen(.close([$0], .notPlanned)) }
        case .text("o"): return number.map { .screen(.reopen([$0])) }
        case .text("r"): return .screen(.refresh)
        case .text("p"): return .switchProject(nil)
        case .text("q"): return .quit
        case .escape, .text("b"): return scope == .tab ? nil : .back
        case .text("/"):
            field = .search(FieldEditor(output?.filter.search ?? ""), previous: output?.filter.search ?? "")
        case .text("f"): field = .filter(FieldEditor(filterText))
        case .text(":"): field = .command(FieldEditor())
        case .text("?"): message = WordWrap.lines(listKeys, width: session.size.columns)
        default: break
        }
        return nil
    }

    /// Moves the highlight; at a page's end, the page after (or before) it.
    private func move(_ key: Key) -> IssueListViewModel.Input? {
        guard let output else { return nil }
        let count = issues.count
        let last = rows.selected >= count - 1
        switch key {
        case .down, .text("j"):
            if last, output.hasMore { return turn(.nextPage, landing: .first) }
        case .up, .text("k"):
            if rows.selected == 0, output.page > 1 { return turn(.previousPage, landing: .last) }
        case .pageDown:
            if rows.selected + visibleRows > count - 1, output.hasMore { return turn(.nextPage, landing: .first) }
        case .pageUp:
            if rows.selected == 0, output.page > 1 { return turn(.previousPage, landing: .first) }
        case .home, .text("g"):
            if output.page > 1 { return turn(.filter(output.filter.withoutCursor), landing: .first) }
        default:
            break
        }
        _ = rows.take(key, count: count, page: visibleRows)
        return nil
    }

    private func turn(_ input: IssueListViewModel.Input, landing: Landing) -> IssueListViewModel.Input {
        self.landing = landing
        return input
    }

    /// The filter as it is typed after `f` (the search stays apart, under `/`).
    private var filterText: String {
        guard var filter = output?.filter.withoutCursor else { return "" }
        filter.search = nil
        return IssueListCommands.describe(filter, me: session.me)
    }

    /// A key while an input line is open.
    func fieldKey(_ key: Key) -> TabInput<IssueListViewModel.Input>? {
        switch field {
        case .search(var editor, let previous):
            switch key {
            case .enter:
                field = nil
                return search(editor.text)
            case .escape:
                field = nil
                return search(previous)
            default:
                _ = editor.take(key)
            }
            field = .search(editor, previous: previous)
            guard !session.screen.hasTypedAhead else { return nil }
            return search(editor.text)
        case .filter(var editor):
            guard let line = edit(&editor, key) else {
                field = field == nil ? nil : .filter(editor)
                return nil
            }
            sentFilter = line
            return command("f " + line)
        case .command(var editor):
            guard let line = edit(&editor, key) else {
                field = field == nil ? nil : .command(editor)
                return nil
            }
            return command(line)
        case nil:
            return nil
        }
    }

    /// A search for `text`, unless the list shows that search already: letters typed ahead run no
    /// search of their own, so Enter or Escape after them still runs the one they left.
    private func search(_ text: String) -> TabInput<IssueListViewModel.Input>? {
        IssueFilter(search: text).search == output?.filter.search ? nil : .screen(.search(text))
    }

    /// Edits an input line; its text once Enter ends it (the line is closed then, and by Escape).
    private func edit(_ editor: inout FieldEditor, _ key: Key) -> String? {
        switch key {
        case .escape:
            field = nil
        case .enter:
            field = nil
            return editor.text
        default:
            _ = editor.take(key)
        }
        return nil
    }

    /// A line as the line front's prompt reads it.
    private func command(_ line: String) -> TabInput<IssueListViewModel.Input>? {
        switch TabCommands.parse(line) {
        case .switchTo(let tab): return .switchTo(tab)
        case .unknownTab(let name):
            message = [TabBarView.unknown(name)]
            return nil
        case .switchProject(let key): return .switchProject(key)
        case .invalidProject(let failure):
            message = session.words { $0.writeFailure(failure) }
            return nil
        case nil: break
        }
        switch IssueListCommands.parse(line, current: output?.filter ?? IssueFilter(), me: session.me) {
        case .input(let input): return .screen(input)
        case .quit: return .quit
        case .back where scope != .tab: return .back
        case .help, .back:
            let help = IssueListCommands.help(allowedBy: output?.permissions ?? .databaseDecides)
            message = WordWrap.lines(help, width: session.size.columns)
            return nil
        }
    }
}
