/// Draws a prompt and the line being typed after it on one row of the terminal, whatever the
/// cursor's place: the row is written again from its start (`CR`, the prompt, the text, erase
/// to the end, then the cursor put back), so what is shown is always what is kept. Typing or
/// erasing at the end of a line that fits writes only the text (or `BS SP BS` per column), as
/// before the cursor could move. A line wider than the row scrolls sideways to keep the cursor
/// in sight (as readline's horizontal mode); a prompt too wide to leave room for typing gets a
/// row of its own above the text.
public struct PromptLine: Sendable {
    public let prompt: String
    /// The columns of the row typed in; nil (no terminal size known): the text is never cut.
    private var columns: Int?
    /// The first column of the text shown when it is scrolled sideways.
    private var scrolled = 0
    private var state = State.fresh

    private enum State: Sendable {
        /// Nothing drawn yet: the row is empty from its start.
        case fresh
        /// The row holds something else (the window changed size): written whole.
        case unknown
        /// The text after the prompt, and whether the cursor is at its end.
        case shown(String, atEnd: Bool)
    }

    public init(prompt: String, columns: Int?) {
        self.prompt = prompt
        self.columns = columns
    }

    /// Typing needs at least this many columns beside the prompt.
    static let leastRoom = 10

    /// Whether the prompt takes a row of its own, the text going on the row below.
    public var promptHasOwnRow: Bool {
        guard let columns else { return false }
        return DisplayWidth.of(prompt) > columns - PromptLine.leastRoom
    }

    /// The prompt as first written, before the text.
    public var opening: String { promptHasOwnRow ? prompt + "\r\n" : "" }

    /// The cursor is at the start of a new, empty row: the prompt and text go there.
    public mutating func startOver() {
        state = .fresh
    }

    /// What puts the row right after the window changed size.
    public mutating func resize(columns: Int?) {
        self.columns = columns
        scrolled = 0
        state = .unknown
    }

    /// What to write so the row shows `editor`'s text and cursor.
    public mutating func draw(_ editor: LineEditor) -> String {
        let shown = editor.visible
        let lead = promptHasOwnRow ? "" : prompt
        let room = columns.map { max(1, $0 - DisplayWidth.of(lead) - 1) }
        let window = room.map { PromptLine.window(shown, room: $0, scrolled: &scrolled) } ?? shown
        let atEnd = window.cursorColumn == DisplayWidth.of(window.text)
        defer { state = .shown(window.text, atEnd: atEnd) }
        switch state {
        case .fresh where atEnd:
            return "\r" + lead + window.text
        case .shown(let before, atEnd: true) where atEnd && window.text.hasPrefix(before):
            return String(window.text.dropFirst(before.count))
        case .shown(let before, atEnd: true) where atEnd && before.hasPrefix(window.text):
            return String(repeating: "\u{8} \u{8}", count: DisplayWidth.of(before) - DisplayWidth.of(window.text))
        default:
            guard columns != nil else {
                let back = DisplayWidth.of(window.text) - window.cursorColumn
                return "\r" + lead + window.text + "\u{1B}[K" + (back > 0 ? "\u{1B}[\(back)D" : "")
            }
            let cursor = DisplayWidth.of(lead) + window.cursorColumn
            return "\r" + lead + window.text + "\u{1B}[K\r" + (cursor > 0 ? "\u{1B}[\(cursor)C" : "")
        }
    }

    /// What of a line fits `room` columns with the cursor in sight: `scrolled` is the first
    /// column shown, moved only as far as the cursor needs. Used by the full-screen front's fields too.
    public static func window(
        _ shown: (text: String, cursorColumn: Int), room: Int, scrolled: inout Int
    ) -> (text: String, cursorColumn: Int) {
        if shown.cursorColumn < scrolled { scrolled = shown.cursorColumn }
        if shown.cursorColumn >= scrolled + room { scrolled = shown.cursorColumn - room + 1 }
        if DisplayWidth.of(shown.text) < room { scrolled = 0 }
        return (columns(of: shown.text, from: scrolled, width: room), shown.cursorColumn - scrolled)
    }

    /// The row with the cursor at the end of the text, as it is left when the line is done.
    public mutating func finish(_ editor: LineEditor) -> String {
        var atEnd = editor
        _ = atEnd.take(.end)
        return draw(atEnd)
    }

    /// The grapheme clusters of `text` that lie within `width` columns from column `start`; a
    /// wide character cut by either edge is left out.
    static func columns(of text: String, from start: Int, width: Int) -> String {
        var column = 0
        var result = ""
        for character in text {
            let size = DisplayWidth.of(character)
            defer { column += size }
            guard column >= start else { continue }
            guard column + size <= start + width else { break }
            result.append(character)
        }
        return result
    }
}
