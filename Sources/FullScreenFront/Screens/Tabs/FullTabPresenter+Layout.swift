import LineFront
import TerminalKit
import TrackerUI

/// How an organization tab is drawn: its title and count, the table (or a form in its place),
/// the question or search being typed, what the last action did and the keys.
extension FullTabPresenter {
    func layout() -> ScreenLayout {
        let size = session.size
        let items = output.map(reading.items) ?? []
        var layout = ScreenLayout(
            tab: reading.tab, title: "\(reading.tab.title) (\(items.count))", message: message, keys: keys)
        if var panel = form {
            let shown = panel.render(width: size.columns)
            form = panel
            layout.body = shown.lines + [""] + panel.error
            layout.bodyCursor = shown.cursor
            layout.keys = FormPanel<Action>.keys
            return layout
        }
        if let (text, _) = question {
            layout.field = (text + "[y/N] ", DisplayWidth.of(text) + 6)
            layout.keys = "y yes · any other key no"
        } else if var field = search {
            layout.field = field.row(label: "Search: ", width: size.columns)
            search = field
            layout.keys = "Enter search · Esc cancel"
        }
        guard !items.isEmpty else {
            layout.body = reading.empty.map { [$0] } ?? []
            return layout
        }
        let table = reading.table(items).render(width: size.columns - 2, colour: false)
        var lines = table.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        rows.fit(count: lines.count - 1, height: height)
        layout.body =
            ["  " + (lines.first ?? "")] + rows.window(Array(lines.dropFirst()), height: height, width: size.columns)
        return layout
    }
}
