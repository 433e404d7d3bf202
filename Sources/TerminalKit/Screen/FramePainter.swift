/// What to write to show a frame, given what is shown: only the rows that differ, each written
/// from its first column (`CSI row;1H`), cut to the width and erased to its end, the whole
/// update wrapped in synchronized-output marks (`CSI ? 2026 h/l`, which terminals that do not
/// know them ignore) so a row is never seen half drawn. After a size change, or when told the
/// screen was lost (`invalidate`), every row is written.
public struct FramePainter: Sendable {
    private var shown: [String] = []
    private var shownSize: TerminalSize?
    private var cursorShown = false

    public init() {}

    /// The next frame is drawn whole (after an editor ran, or `fg`).
    public mutating func invalidate() {
        shownSize = nil
    }

    /// Bytes to write for `frame` on a screen of `size`.
    public mutating func paint(_ frame: Frame, size: TerminalSize) -> String {
        var output = "\u{1B}[?2026h"
        if shownSize != size {
            output += "\u{1B}[0m\u{1B}[H\u{1B}[2J"
            shown = Array(repeating: "", count: size.rows)
            shownSize = size
        }
        for row in 0..<size.rows {
            let cut = StyledText.fit(row < frame.lines.count ? frame.lines[row] : "", width: size.columns)
            guard cut.text != shown[row] else { continue }
            shown[row] = cut.text
            output += "\u{1B}[\(row + 1);1H" + cut.text + "\u{1B}[0m"
            if cut.width < size.columns { output += "\u{1B}[K" }
        }
        if let cursor = frame.cursor, cursor.row < size.rows {
            output += "\u{1B}[\(cursor.row + 1);\(min(cursor.column, size.columns - 1) + 1)H"
            if !cursorShown { output += "\u{1B}[?25h" }
            cursorShown = true
        } else if cursorShown {
            output += "\u{1B}[?25l"
            cursorShown = false
        }
        return output + "\u{1B}[?2026l"
    }
}
