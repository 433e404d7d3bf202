import TerminalKit
import TrackerUI

/// A picker on the full screen: the choices as a checklist moved through with the arrows, Space
/// ticking the highlighted one, letters searching as they are typed (`/` first for a search
/// with spaces), Enter keeping the choice and Escape leaving it unchanged. It turns keys into the
/// same `PickerAction`s the line front's picker reads.
struct Checklist {
    static let keys = "↑↓ move · Space tick · type to search · Enter done · Esc leave unchanged"
    static let searchKeys = "type to search · ↓ or Enter back to the list · Esc clear the search"

    private(set) var rows = RowCursor()
    private(set) var search = FieldEditor()
    private(set) var searching = false
    /// A search was sent: its results are highlighted from the first one not chosen yet.
    private var searched = false

    /// What `key` asks of the picker; nil when it only moved the highlight or edited the search
    /// to the same text.
    mutating func take(_ key: Key, count: Int, page: Int) -> PickerAction? {
        if searching { return searchKey(key) }
        if rows.take(key, count: count, page: page) { return nil }
        switch key {
        case .text(" "): return count > 0 ? .toggle(rows.selected + 1) : nil
        case .enter: return .done
        case .escape: return .cancel
        case .text("/"):
            searching = true
            return nil
        case .text:
            searching = true
            return searchKey(key)
        default: return nil
        }
    }

    private mutating func searchKey(_ key: Key) -> PickerAction? {
        let before = search.text
        switch key {
        case .enter, .down:
            searching = false
            return nil
        case .escape:
            searching = false
            search = FieldEditor()
        default:
            _ = search.take(key)
        }
        guard search.text != before else { return nil }
        searched = true
        return .search(search.text)
    }

    /// The choices, ticked or not, the highlighted one marked.
    mutating func body<Item>(_ picker: Picker<Item>, label: (Item) -> String, width: Int, height: Int) -> [String] {
        let lines = picker.choices.map { "[\(picker.isSelected($0) ? "x" : " ")] " + label($0) }
        if searched {
            searched = false
            rows = RowCursor(selected: min(picker.selected.count, max(0, lines.count - 1)))
        }
        rows.fit(count: lines.count, height: height)
        return rows.window(lines, height: height, width: width)
    }

    /// The search field's row, when it is open.
    mutating func field(width: Int) -> (text: String, cursor: Int)? {
        searching ? search.row(label: "Search: ", width: width) : nil
    }

    var keys: String { searching ? Checklist.searchKeys : Checklist.keys }
}
