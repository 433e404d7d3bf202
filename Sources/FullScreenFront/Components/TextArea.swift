import TerminalKit

/// Several lines of text typed on the full screen (a body, a comment): each row is edited as a
/// line is (`LineEditor`); Enter breaks the row at the cursor, Backspace at a row's start joins
/// it to the one above, ↑/↓ move between rows, Ctrl-D ends the text and Escape leaves it.
/// Bytes that are not UTF-8 are refused as they arrive (said, and left out), never kept altered.
struct TextArea {
    enum Step: Equatable {
        case editing
        case done(String)
        /// Bytes that were not UTF-8 arrived: they were left out.
        case notUTF8
        case cancelled
    }

    private var rows: [String]
    private var row: Int
    private var editor: LineEditor
    private var top = 0
    private var scrolled = 0

    init(_ text: String = "") {
        rows = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if rows.isEmpty { rows = [""] }
        row = rows.count - 1
        editor = LineEditor(text: rows[row])
    }

    /// The whole text, rows joined by line feeds.
    var text: String {
        var all = rows
        all[row] = editor.text
        return all.joined(separator: "\n")
    }

    /// A key for the area: the text once Ctrl-D ends it, or leaving; nil while typing goes on
    /// (what to say about a refused byte in `message`, emptied by the next key).
    mutating func read(_ key: Key, said message: inout [String]) -> Typed? {
        message = []
        switch take(key) {
        case .editing: return nil
        case .done(let text): return .text(text)
        case .cancelled: return .cancelled
        case .notUTF8:
            message = [TextArea.notUTF8]
            return nil
        }
    }

    static let notUTF8 = "! that was not valid UTF-8 text; it was left out"

    mutating func take(_ key: Key) -> Step {
        switch key {
        case .enter:
            let after = String(editor.text.unicodeScalars.dropFirst(editor.cursor))
            rows[row] = editor.beforeCursor
            rows.insert(after, at: row + 1)
            go(to: row + 1, cursor: 0)
        case .backspace where editor.cursor == 0 && row > 0:
            join(at: row - 1)
        case .delete where editor.cursor == editor.text.unicodeScalars.count && row < rows.count - 1:
            join(at: row)
        case .up where row > 0: go(to: row - 1, cursor: editor.cursor)
        case .down where row < rows.count - 1: go(to: row + 1, cursor: editor.cursor)
        case .left where editor.cursor == 0 && row > 0: go(to: row - 1, cursor: Int.max)
        case .right where editor.cursor == editor.text.unicodeScalars.count && row < rows.count - 1:
            go(to: row + 1, cursor: 0)
        case .tab:
            _ = editor.take(.text(" "))
            _ = editor.take(.text(" "))
        case .invalid: return .notUTF8
        case .control(0x04): return .done(text)
        case .escape, .control(0x03): return .cancelled
        case .up, .down, .pageUp, .pageDown, .backTab: break
        default: _ = editor.take(key)
        }
        return .editing
    }

    private mutating func go(to target: Int, cursor: Int) {
        rows[row] = editor.text
        row = target
        editor = LineEditor(text: rows[row], cursor: cursor)
        scrolled = 0
    }

    private mutating func join(at upper: Int) {
        let lower = upper + 1
        let current = row == lower ? editor.text : rows[lower]
        let above = row == upper ? editor.text : rows[upper]
        rows[upper] = above + current
        rows.remove(at: lower)
        row = upper
        editor = LineEditor(text: rows[upper], cursor: above.unicodeScalars.count)
        scrolled = 0
    }

    /// The rows shown in `height` rows of `width` columns (the cursor's row in sight and
    /// scrolled sideways to the cursor; the others cut), and where the cursor is.
    mutating func render(width: Int, height: Int) -> (lines: [String], cursor: Frame.Position) {
        if row < top { top = row }
        if row >= top + height { top = row - height + 1 }
        var lines: [String] = []
        var cursor = Frame.Position(row: 0, column: 0)
        for index in top..<min(rows.count, top + height) {
            guard index == row else {
                lines.append(StyledText.fit(VisibleText.line(rows[index]), width: width).text)
                continue
            }
            let shown = PromptLine.window(editor.visible, room: max(1, width - 1), scrolled: &scrolled)
            cursor = Frame.Position(row: lines.count, column: shown.cursorColumn)
            lines.append(shown.text)
        }
        return (lines, cursor)
    }
}
