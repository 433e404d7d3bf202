import TrackerCore

/// A plain text table: columns separated by two spaces, fitted to the terminal's width. Widths
/// are display columns (`DisplayWidth`), so wide CJK and emoji line up.
///
/// When the table is too wide, columns give way by priority, lowest first: each column that may
/// shrink is cut to its minimum before the next is touched; then columns that may be left out
/// are, lowest first, and the rest start again from their full widths; last of all the columns
/// that shrink go below their minimums. A cut cell ends in `…`, or for a list of names in whole
/// names and `+N`, the number left out.
public struct Table: Sendable {
    public var headers: [String]
    public var rows: [[String]]
    /// How each column gives way, one per header.
    public var columns: [Column]
    /// An ANSI colour per row for its first cell (issue number by state), used only with colour.
    public var rowColours: [String?] = []
    /// Colours inside cells (label names), by column, then one list of runs per row; used only
    /// with colour, applied after a cell is cut so widths are counted on the plain text.
    public var cellRuns: [Int: [[Run]]] = [:]

    /// A stretch of a cell's characters in one SGR colour, or plain (`code` nil).
    public struct Run: Equatable, Sendable {
        public var characters: Int
        public var code: String?

        public init(characters: Int, code: String?) {
            self.characters = characters
            self.code = code
        }
    }

    public struct Column: Sendable {
        /// Higher gives way later.
        public var priority = 0
        /// How narrow it may be cut before lower-priority columns are left out; nil: never cut.
        public var minimum: Int?
        public var droppable = false
        /// Cells are lists joined by this separator, cut to whole items and `+N`.
        public var listSeparator: String?

        public init(priority: Int = 0, minimum: Int? = nil, droppable: Bool = false, listSeparator: String? = nil) {
            self.priority = priority
            self.minimum = minimum
            self.droppable = droppable
            self.listSeparator = listSeparator
        }

        static let fixed = Column()
    }

    public init(headers: [String], rows: [[String]], columns: [Column], rowColours: [String?] = []) {
        self.headers = headers
        self.rows = rows
        self.columns = columns
        self.rowColours = rowColours
    }

    /// One column (the title, a description) gives way, down to 8 columns; the others never do.
    public init(headers: [String], rows: [[String]], flexibleColumn: Int, rowColours: [String?] = []) {
        var columns = Array(repeating: Column.fixed, count: headers.count)
        columns[flexibleColumn] = Column(priority: 1, minimum: 8)
        self.init(headers: headers, rows: rows, columns: columns, rowColours: rowColours)
    }

    public func render(width: Int?, colour: Bool) -> String {
        let (shown, widths) = layout(width: width)
        var lines = [Table.styled(format(headers, shown, widths), "1", enabled: colour)]
        for (index, row) in rows.enumerated() {
            var line = format(row, shown, widths, runs: colour ? cellRuns.compactMapValues { $0[safe: index] } : [:])
            if colour, index < rowColours.count, let code = rowColours[index], let first = shown.first {
                let cut = fitted(row[first], column: first, width: widths[first])
                let length = (cut.text + cut.tail).count
                line = Table.styled(String(line.prefix(length)), code, enabled: true) + line.dropFirst(length)
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The columns shown, in order, and the width of every column.
    func layout(width: Int?) -> (shown: [Int], widths: [Int]) {
        var natural = headers.map(DisplayWidth.of)
        for row in rows {
            for (column, cell) in row.enumerated() { natural[column] = max(natural[column], DisplayWidth.of(cell)) }
        }
        var shown = Array(headers.indices)
        guard let width else { return (shown, natural) }
        while true {
            var widths = natural
            var excess = shown.map { widths[$0] }.reduce(0, +) + 2 * (shown.count - 1) - width
            let byPriority = shown.sorted { columns[$0].priority < columns[$1].priority }
            for column in byPriority where excess > 0 {
                guard let minimum = columns[column].minimum else { continue }
                let given = min(excess, max(0, widths[column] - minimum))
                widths[column] -= given
                excess -= given
            }
            if excess > 0, let dropped = byPriority.first(where: { columns[$0].droppable }) {
                shown.removeAll { $0 == dropped }
                continue
            }
            for column in byPriority where excess > 0 && columns[column].minimum != nil {
                let given = min(excess, max(0, widths[column] - 1))
                widths[column] -= given
                excess -= given
            }
            return (shown, widths)
        }
    }

    private func format(_ cells: [String], _ shown: [Int], _ widths: [Int], runs: [Int: [Run]] = [:]) -> String {
        let padded = shown.map { column -> String in
            let cut = fitted(cells[column], column: column, width: widths[column])
            let text = cut.text + cut.tail
            let padding = String(repeating: " ", count: max(0, widths[column] - DisplayWidth.of(text)))
            let coloured = runs[column].map { Table.coloured(cut.text, runs: $0) + cut.tail } ?? text
            return coloured + padding
        }
        var line = padded.joined(separator: "  ")
        while line.hasSuffix(" ") { line.removeLast() }  // an empty last cell leaves only padding
        return line
    }

    /// The cell cut to `width`: the start of its text that is kept, and what follows it (`…`,
    /// ` +2`), which colour runs never cover.
    private func fitted(_ cell: String, column: Int, width: Int) -> (text: String, tail: String) {
        guard let separator = columns[column].listSeparator, DisplayWidth.of(cell) > width else {
            return Table.cutParts(cell, to: width)
        }
        return Table.cutList(cell, separator: separator, to: width)
    }

    /// As many whole items as fit beside ` +N` (the items left out); else the first item cut,
    /// then ` +N`; else the cell cut.
    static func cutList(_ cell: String, separator: String, to width: Int) -> (text: String, tail: String) {
        let items = cell.components(separatedBy: separator)
        for kept in stride(from: items.count - 1, through: 1, by: -1) {
            let text = items[..<kept].joined(separator: separator)
            let tail = " +\(items.count - kept)"
            if DisplayWidth.of(text) + DisplayWidth.of(tail) <= width { return (text, tail) }
        }
        let rest = items.count > 1 ? " +\(items.count - 1)" : ""
        let room = width - DisplayWidth.of(rest) - 1
        guard room > 0 else { return cutParts(cell, to: width) }
        return (String(DisplayWidth.prefix(items[0], fitting: room)), "…" + rest)
    }

    /// Wraps each run's characters in its colour.
    static func coloured(_ text: String, runs: [Run]) -> String {
        var rest = Substring(text)
        var result = ""
        for run in runs where !rest.isEmpty {
            let part = rest.prefix(run.characters)
            rest = rest.dropFirst(run.characters)
            result += run.code.map { styled(String(part), $0, enabled: true) } ?? String(part)
        }
        return result + rest
    }

    /// At most `width` columns: whole grapheme clusters then `…`; a wide character that would
    /// overflow is left out (the padding fills its place).
    public static func cut(_ text: String, to width: Int) -> String {
        let parts = cutParts(text, to: width)
        return parts.text + parts.tail
    }

    /// `cut`'s result as the text kept and the `…` after it.
    static func cutParts(_ text: String, to width: Int) -> (text: String, tail: String) {
        guard DisplayWidth.of(text) > width else { return (text, "") }
        guard width > 0 else { return ("", "") }
        return (String(DisplayWidth.prefix(text, fitting: width - 1)), "…")
    }

    public static func styled(_ text: String, _ code: String, enabled: Bool) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}

extension IssueState {
    /// gh's colours: green for open, magenta for closed.
    public var colourCode: String { self == .open ? "32" : "35" }
}
