import ChildProcesses
import TrackerCore

/// Where screens are shown and lines are read: the terminal plays the part UIKit's navigation
/// controller plays. The real one is `StandardTerminal`; tests use a scripted one.
@MainActor
public protocol Terminal: AnyObject {
    /// Columns available; `nil` when output is not a terminal (nothing is cut).
    var width: Int? { get }
    /// Rows available; `nil` when output is not a terminal.
    var height: Int? { get }
    /// Whether to colour output: a TTY and no `NO_COLOR`.
    var usesColor: Bool { get }
    /// How many colours it shows (`.none` exactly when `usesColor` is false); labels use it.
    var colorDepth: ColorDepth { get }
    /// The same output for rows streamed from the database, written from whichever task reads them.
    nonisolated var streamOutput: any StreamOutput { get }
    /// The error output, for lines written from another task (progress, what watching says).
    nonisolated var streamError: any StreamOutput { get }
    /// Whether a person watches the error output, so a progress line that rewrites itself helps.
    var showsProgress: Bool { get }
    func write(_ text: String)
    func writeError(_ text: String)
    /// Shows `prompt` and reads one line; `nil` at end of input.
    func readLine(prompt: String) -> String?
    /// Whether `readLine(prompt:typed:wake:)` can stop waiting when woken (a person at a
    /// terminal, not a script on a pipe): only then do screens follow live updates.
    var wakesForLiveUpdates: Bool { get }
    /// Shows `prompt` and what was `typed` before, and reads one line; gives up waiting when
    /// `wake` is signalled, returning what has been typed so far, to be given back next time.
    func readLine(prompt: String, typed: String, wake: WakePipe?) -> PromptAnswer
}

/// How a prompt ended.
public enum PromptAnswer: Equatable, Sendable {
    case line(String)
    /// Woken while waiting, with what had been typed.
    case woken(typed: String)
    case endOfInput
}

extension Terminal {
    public func writeLine(_ text: String = "") { write(text + "\n") }

    /// Writes text broken at spaces to fit the terminal (`WordWrap`); a pipe gets it whole.
    public func writeWrappedLine(_ text: String) { writeLine(WordWrap.text(text, width: width)) }

    public var wakesForLiveUpdates: Bool { false }

    public var showsProgress: Bool { false }

    /// A terminal that cannot be woken just reads a line.
    public func readLine(prompt: String, typed: String, wake: WakePipe?) -> PromptAnswer {
        readLine(prompt: prompt).map(PromptAnswer.line) ?? .endOfInput
    }

    /// Shows `prompt` and reads an answer; nil when the person cancels with `:q` or input ends.
    public func readAnswer(prompt: String) -> String? {
        guard let line = readLine(prompt: prompt), line.trimmed != ":q" else {
            return nil
        }
        return line
    }

    /// What went wrong, as the screens say it: one escaped line after `! `.
    public func writeFailure(_ error: TrackerError) {
        writeLine("! " + VisibleText.line("\(error)"))
    }
}
