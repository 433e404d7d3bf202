import LineFront
import TerminalKit
import TrackerCore
import TrackerUI

/// One full screen, top to bottom: the tab bar (the current tab in brackets, as the line front
/// writes it), a title, the body, what the last action did (a few lines at most), an input
/// field when one is open, and the keys that apply, in reverse video on the last row.
struct ScreenLayout {
    var tab: Tab
    var title: String
    var body: [String] = []
    var message: [String] = []
    /// The field's row as drawn, and the cursor's column in it.
    var field: (text: String, cursor: Int)?
    var keys: String
    /// Where the cursor shows in the body (a form's field), when no input field is open.
    var bodyCursor: Frame.Position?

    /// The keys the session's level allows, for the last row: when some are left out, the level
    /// they need comes first, where a narrow screen does not cut it off.
    static func keys(_ hints: [KeyHint], allowedBy permissions: Permissions) -> String {
        ([KeyHints.note(hints, allowedBy: permissions)].compactMap { $0 }
            + KeyHints.shown(hints, allowedBy: permissions))
            .joined(separator: " · ")
    }

    /// Rows above the body (the tab bar and the title).
    static let top = 2

    /// How many message lines fit: at most a third of the screen.
    static func messageRows(_ message: [String], size: TerminalSize) -> Int {
        min(message.count, max(1, size.rows / 3))
    }

    /// The rows left for the body.
    static func bodyHeight(size: TerminalSize, message: [String], field: Bool) -> Int {
        max(1, size.rows - top - messageRows(message, size: size) - (field ? 1 : 0) - 1)
    }

    func frame(size: TerminalSize) -> Frame {
        let height = ScreenLayout.bodyHeight(size: size, message: message, field: field != nil)
        var lines = [TabBarView.line(current: tab), StyledText.bold(title)]
        lines += body.prefix(height)
        lines += Array(repeating: "", count: height - min(height, body.count))
        lines += message.prefix(ScreenLayout.messageRows(message, size: size))
        var cursor = bodyCursor.map { Frame.Position(row: $0.row + ScreenLayout.top, column: $0.column) }
        if let field {
            cursor = Frame.Position(row: lines.count, column: field.cursor)
            lines.append(field.text)
        }
        lines.append(StyledText.reversed(StyledText.padded(keys, to: size.columns)))
        return Frame(lines: lines, cursor: cursor)
    }
}
