import Foundation
import TrackerCore

/// Where screens are shown and lines are read: the terminal plays the part UIKit's navigation
/// controller plays. The real one is `StandardTerminal`; tests use a scripted one.
@MainActor
public protocol Terminal: AnyObject {
    /// Columns available; `nil` when output is not a terminal (nothing is cut).
    var width: Int? { get }
    /// Whether to colour output: a TTY and no `NO_COLOR`.
    var usesColor: Bool { get }
    /// How many colours it shows (`.none` exactly when `usesColor` is false); labels use it.
    var colorDepth: ColorDepth { get }
    /// The same output for rows streamed from the database, written from whichever task reads them.
    nonisolated var streamOutput: any StreamOutput { get }
    func write(_ text: String)
    func writeError(_ text: String)
    /// Shows `prompt` and reads one line; `nil` at end of input.
    func readLine(prompt: String) -> String?
}

extension Terminal {
    public func writeLine(_ text: String = "") { write(text + "\n") }

    /// Shows `prompt` and reads an answer; nil when the person cancels with `:q` or input ends.
    func readAnswer(prompt: String) -> String? {
        guard let line = readLine(prompt: prompt), line.trimmingCharacters(in: .whitespaces) != ":q" else {
            return nil
        }
        return line
    }

    /// What went wrong, as the screens say it: one escaped line after `! `.
    func writeFailure(_ error: TrackerError) {
        writeLine("! " + VisibleText.line("\(error)"))
    }
}
