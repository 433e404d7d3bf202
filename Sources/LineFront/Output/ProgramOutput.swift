import Interchange
import TerminalKit

/// The two rules every command's output follows, as gh's do. Output is for a program when the
/// terminal has no width (standard output is a pipe or a file, and `TRACKER_FORCE_TTY` is unset).
///
/// - **Lists** (`list`, `label list`, `milestone list`, `users list`, `access list`, `alias
///   list`, `config list`): on a terminal a padded table with a header; for a program one line per
///   row, its documented fields separated by tabs, no header, no padding, each field passed
///   through `VisibleText.field` (so none holds a tab or a line break).
/// - **JSON** (every `--json`): one document, an array for a list; on a terminal pretty-printed
///   and escaped by `VisibleText.block` for the eyes; for a program on one line, byte for byte
///   what the data holds.
public enum ProgramOutput {
    @MainActor public static func isForProgram(_ terminal: any Terminal) -> Bool { terminal.width == nil }

    /// Tab-separated lines, one per row.
    public static func rows(_ rows: [[String]]) -> String {
        rows.map { $0.map(VisibleText.field).joined(separator: "\t") + "\n" }.joined()
    }

    /// The rows; when there are none, `none` (what a person would read instead) goes to
    /// standard error, so standard output holds only rows.
    @MainActor public static func writeRows(_ rows: [[String]], none: String? = nil, to terminal: any Terminal) {
        if rows.isEmpty, let none { terminal.writeError(VisibleText.line(none) + "\n") }
        terminal.write(self.rows(rows))
    }

    /// The document as the terminal wants it: pretty for a person, one line for a program.
    public static func json(_ value: JSONValue, forProgram: Bool) -> String {
        forProgram ? value.line : VisibleText.block(value.pretty)
    }

    @MainActor public static func writeJSON(_ value: JSONValue, to terminal: any Terminal) {
        terminal.write(json(value, forProgram: isForProgram(terminal)))
    }
}
