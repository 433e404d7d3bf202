/// A plain text table: columns separated by two spaces, one column allowed to shrink to fit
/// the terminal's width, cut with `…`.
struct Table {
    var headers: [String]
    var rows: [[String]]
    /// The column that gives up space when the table is too wide (the title).
    var flexibleColumn: Int

    func render(width: Int?, bold: Bool) -> String {
        var widths = headers.map(\.count)
        for row in rows {
            for (column, cell) in row.enumerated() { widths[column] = max(widths[column], cell.count) }
        }
        if let width {
            let others = widths.enumerated().filter { $0.offset != flexibleColumn }.map(\.element).reduce(0, +)
            let gaps = 2 * (widths.count - 1)
            widths[flexibleColumn] = max(8, min(widths[flexibleColumn], width - others - gaps))
        }
        var lines: [String] = []
        let header = format(headers, widths: widths)
        lines.append(bold ? "\u{1B}[1m\(header)\u{1B}[0m" : header)
        lines += rows.map { format($0, widths: widths) }
        return lines.joined(separator: "\n") + "\n"
    }

    private func format(_ cells: [String], widths: [Int]) -> String {
        let padded = cells.enumerated().map { column, cell -> String in
            let fitted = Table.cut(cell, to: widths[column])
            if column == cells.count - 1 { return fitted }
            return fitted + String(repeating: " ", count: widths[column] - fitted.count)
        }
        return padded.joined(separator: "  ")
    }

    static func cut(_ text: String, to width: Int) -> String {
        guard text.count > width else { return text }
        return String(text.prefix(max(0, width - 1))) + "…"
    }
}
