import TrackerCore

/// A plain text table: columns separated by two spaces, one column allowed to shrink to fit
/// the terminal's width, cut with `…`. Widths are display columns (`DisplayWidth`), so wide
/// CJK and emoji line up.
struct Table {
    var headers: [String]
    var rows: [[String]]
    /// The column that gives up space when the table is too wide (the title).
    var flexibleColumn: Int
    /// An ANSI colour per row for its first cell (issue number by state), used only with colour.
    var rowColours: [String?] = []
    /// Colours inside cells (label names), by column, then one list of runs per row; used only
    /// with colour, applied after a cell is cut so widths are counted on the plain text.
    var cellRuns: [Int: [[Run]]] = [:]

    /// A stretch of a cell's characters in one SGR colour, or plain (`code` nil).
    struct Run: Equatable {
        var characters: Int
        var code: String?
    }

    func render(width: Int?, colour: Bool) -> String {
        var widths = headers.map(DisplayWidth.of)
        for row in rows {
            for (column, cell) in row.enumerated() { widths[column] = max(widths[column], DisplayWidth.of(cell)) }
        }
        if let width {
            let others = widths.enumerated().filter { $0.offset != flexibleColumn }.map(\.element).reduce(0, +)
            let gaps = 2 * (widths.count - 1)
            widths[flexibleColumn] = max(8, min(widths[flexibleColumn], width - others - gaps))
        }
        var lines = [Table.styled(format(headers, widths: widths), "1", enabled: colour)]
        for (index, row) in rows.enumerated() {
            var line = format(row, widths: widths, runs: colour ? cellRuns.compactMapValues { $0[safe: index] } : [:])
            if colour, index < rowColours.count, let code = rowColours[index] {
                let first = row[0].count
                line = Table.styled(String(line.prefix(first)), code, enabled: true) + line.dropFirst(first)
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func format(_ cells: [String], widths: [Int], runs: [Int: [Run]] = [:]) -> String {
        let padded = cells.enumerated().map { column, cell -> String in
            let fitted = Table.cut(cell, to: widths[column])
            let padding = String(repeating: " ", count: max(0, widths[column] - DisplayWidth.of(fitted)))
            let shown =
                runs[column].map { Table.coloured(fitted, cut: fitted != cell && fitted.hasSuffix("…"), runs: $0) }
                ?? fitted
            return column == cells.count - 1 ? shown : shown + padding
        }
        return padded.joined(separator: "  ")
    }

    /// Wraps each run's characters in its colour; a `…` left by cutting stays plain.
    static func coloured(_ text: String, cut: Bool, runs: [Run]) -> String {
        var rest = Substring(cut ? String(text.dropLast()) : text)
        var result = ""
        for run in runs where !rest.isEmpty {
            let part = rest.prefix(run.characters)
            rest = rest.dropFirst(run.characters)
            result += run.code.map { styled(String(part), $0, enabled: true) } ?? String(part)
        }
        return result + rest + (cut ? "…" : "")
    }

    /// At most `width` columns: whole grapheme clusters then `…`; a wide character that would
    /// overflow is left out (the padding fills its place).
    static func cut(_ text: String, to width: Int) -> String {
        guard DisplayWidth.of(text) > width else { return text }
        guard width > 0 else { return "" }
        return DisplayWidth.prefix(text, fitting: width - 1) + "…"
    }

    static func styled(_ text: String, _ code: String, enabled: Bool) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}

extension IssueState {
    /// gh's colours: green for open, magenta for closed.
    var colourCode: String { self == .open ? "32" : "35" }
}
