import LineFront
import TerminalKit
import TrackerCore
import TrackerUI

/// How the issue list is drawn: the filter and page as the title, the table's header, the rows
/// in sight with the highlighted one, then what the last action did and the keys.
extension FullIssueListPresenter {
    func layout() -> ScreenLayout {
        let size = session.size
        var layout = ScreenLayout(tab: tab, title: title, message: message, keys: keys)
        layout.field = fieldRow(width: size.columns)
        guard let output, !output.issues.isEmpty else { return layout }
        let lines = tableLines(output, width: size.columns - 2)
        guard let header = lines.first else { return layout }
        let height = ScreenLayout.bodyHeight(size: size, message: message, field: layout.field != nil) - 1
        rows.fit(count: lines.count - 1, height: height)
        layout.body = ["  " + header] + rows.window(Array(lines.dropFirst()), height: height, width: size.columns)
        return layout
    }

    /// The page's table (its header first), drawn again only when the page or the width changed:
    /// a key that moves the highlight redraws two rows and lays out nothing.
    private func tableLines(_ output: IssueListViewModel.Output, width: Int) -> [String] {
        if let drawn = drawnTable, drawn.issues == output.issues, drawn.filter == output.filter, drawn.width == width {
            return drawn.lines
        }
        let depth = session.screen.colorDepth
        var lines = view.table(output, depth: depth).render(width: width, colour: depth != .none)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        drawnTable = DrawnTable(issues: output.issues, filter: output.filter, width: width, lines: lines)
        return lines
    }

    /// `Issues · state:open label:bug · page 2 · more below`, as the line front titles the page.
    private var title: String {
        guard let output else { return "Issues" }
        let more = output.hasMore ? " · more below" : ""
        return
            "\(IssueListView.title(output.permissions)) · \(IssueListCommands.describe(output.filter, me: session.me)) "
            + "· page \(output.page)\(more)"
    }

    private var keys: String {
        switch field {
        case .search: Self.searchKeys
        case .filter, .command: Self.fieldKeys
        case nil: scope == .tab ? listKeys : "Esc back to the milestones · " + listKeys
        }
    }

    private func fieldRow(width: Int) -> (text: String, cursor: Int)? {
        switch field {
        case .search(var editor, let previous):
            defer { field = .search(editor, previous: previous) }
            return editor.row(label: "/", width: width)
        case .filter(var editor):
            defer { field = .filter(editor) }
            return editor.row(label: "Filter: ", width: width)
        case .command(var editor):
            defer { field = .command(editor) }
            return editor.row(label: ":", width: width)
        case nil:
            return nil
        }
    }
}
