import TerminalKit

/// A screen's help, `n new · a N assign · …`, broken between its items to fit the terminal, so a
/// line never ends in the middle of one (`f assignee:@me state:closed` stays whole). A pipe gets
/// it on one line.
public enum HelpLines {
    public static let separator = " · "
    private static let continuation = " ·"

    public static func lines(_ help: String, width: Int?) -> [String] {
        guard let width else { return [help] }
        var lines: [String] = []
        var current = ""
        let items = help.components(separatedBy: separator)
        for (index, item) in items.enumerated() {
            let candidate = current.isEmpty ? item : current + separator + item
            // A line that more items follow ends in " ·": it needs that room too.
            let needed = index == items.count - 1 ? candidate : candidate + continuation
            if !current.isEmpty, DisplayWidth.of(needed) > width {
                lines.append(current + continuation)
                current = item
            } else {
                current = candidate
            }
        }
        lines.append(current)
        return lines.flatMap { WordWrap.lines($0, width: width) }
    }
}

extension Terminal {
    /// Writes a screen's help with `HelpLines`.
    public func writeHelp(_ help: String) {
        for line in HelpLines.lines(help, width: width) { writeLine(line) }
    }
}
