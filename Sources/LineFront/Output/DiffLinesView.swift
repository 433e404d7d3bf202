import TerminalKit
import TrackerCore

/// A body's change as `git diff` shows one: hunks of context, removed lines in red after `-`,
/// added lines in green after `+` (colour only where the terminal shows it), every line escaped.
@MainActor
enum DiffLinesView {
    static func render(from old: String, to new: String, to terminal: any Terminal) {
        let colour = terminal.usesColor
        let hunks = LineDiff(from: old, to: new).hunks()
        // Bodies rarely end in a line break; it is worth saying only when that is what changed.
        let endingChanged = old.hasSuffix("\n") != new.hasSuffix("\n")
        if hunks.isEmpty { terminal.writeLine("The body did not change.") }
        for hunk in hunks {
            terminal.writeLine(Table.styled(hunk.header, "36", enabled: colour))
            for line in hunk.lines {
                let text = VisibleText.line(String(line.content))
                switch line {
                case .same: terminal.writeLine(" " + text)
                case .removed: terminal.writeLine(Table.styled("-" + text, "31", enabled: colour))
                case .added: terminal.writeLine(Table.styled("+" + text, "32", enabled: colour))
                }
                if endingChanged && !line.endsWithNewline { terminal.writeLine("\\ No newline at end of text") }
            }
        }
    }

    /// Lines as one side of a conflict shows them, each after `marker`.
    static func render(_ lines: [String], marker: String, code: String, to terminal: any Terminal) {
        for line in lines {
            let content = line.hasSuffix("\n") ? String(line.dropLast()) : line
            terminal.writeLine(Table.styled(marker + VisibleText.line(content), code, enabled: terminal.usesColor))
        }
    }
}
