import TerminalKit

/// The characters charts are drawn with: Unicode block elements on a terminal that shows colour,
/// plain ASCII otherwise (`NO_COLOR`, `TERM=dumb`, a pipe: `Terminal.usesColor` is false), so a
/// screen reader, a log or a dumb terminal gets nothing but ASCII.
struct ChartGlyphs: Equatable {
    /// A bar's fill in eighths of a cell, 0…8 (vertical: from the bottom; horizontal: from the left).
    let rising: [String]
    let growing: [String]
    /// A mark drawn where nothing is (the ideal line above a bar) and where a bar is.
    let mark: String
    let markOnBar: String
    let axis: String
    let corner: String
    let baseline: String

    static let blocks = ChartGlyphs(
        rising: [" ", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"],
        growing: ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉", "█"], mark: "·", markOnBar: "▒", axis: "│", corner: "└",
        baseline: "─")
    /// Whole cells only (a part of a cell rounds to the nearest).
    static let ascii = ChartGlyphs(
        rising: [" "] + Array(repeating: " ", count: 3) + Array(repeating: "#", count: 5),
        growing: [""] + Array(repeating: "", count: 3) + Array(repeating: "#", count: 5), mark: ".",
        markOnBar: "*", axis: "|", corner: "+", baseline: "-")

    @MainActor static func `for`(_ terminal: any Terminal) -> ChartGlyphs { terminal.usesColor ? .blocks : .ascii }

    /// A horizontal bar of `eighths` eighths of a cell.
    func bar(eighths: Int) -> String {
        let whole = max(0, eighths) / 8
        return String(repeating: growing[8], count: whole) + growing[max(0, eighths) % 8]
    }
}

/// Columns of bars with a mark in each (a burndown's open issues and ideal line), `height` rows
/// tall over a labelled axis; each value scaled to `top`.
struct ColumnChart {
    struct Column {
        var bar: Double?
        var mark: Double?
    }

    var columns: [Column]
    /// Each column's width in cells.
    var columnWidth: Int
    var height: Int
    var glyphs: ChartGlyphs

    /// The rows top to bottom, each starting with the axis labels (`top` on the first row, half
    /// of it in the middle, 0 on the last), then the baseline.
    func lines() -> [String] {
        let top = max(1, (columns.flatMap { [$0.bar ?? 0, $0.mark ?? 0] }.max() ?? 0).rounded(.up))
        let labels = [Int64(top), Int64((top / 2).rounded(.down)), 0].map(String.init)
        let labelWidth = labels.map(\.count).max() ?? 1
        let eighthsPerUnit = Double(height * 8) / top
        var rows: [String] = []
        for row in 0..<height {
            let label: String =
                switch row {
                case 0: labels[0]
                case height / 2 where height > 2: labels[1]
                case height - 1: labels[2]
                default: ""
                }
            var line = String(repeating: " ", count: labelWidth - label.count) + label + " " + glyphs.axis
            let floor = (height - 1 - row) * 8
            for column in columns {
                let filled = column.bar.map { Int(($0 * eighthsPerUnit).rounded()) } ?? 0
                let cell = glyphs.rising[min(8, max(0, filled - floor))]
                let marked = column.mark.map { min(height - 1, Int($0 * eighthsPerUnit) / 8) == height - 1 - row }
                let drawn = marked == true ? (filled > floor ? glyphs.markOnBar : glyphs.mark) : cell
                line += String(repeating: drawn, count: columnWidth)
            }
            while line.last == " " { line.removeLast() }
            rows.append(line)
        }
        rows.append(
            String(repeating: " ", count: labelWidth + 1) + glyphs.corner
                + String(repeating: glyphs.baseline, count: columns.count * columnWidth))
        return rows
    }

    /// Cells left of the first column: the labels, a space and the axis.
    static func margin(top: Double) -> Int { String(Int64(max(1, top.rounded(.up)))).count + 2 }
}
