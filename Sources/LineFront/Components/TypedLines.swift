import TerminalKit

/// Text typed line by line and ended by a line holding a single `.`: the one rule for where
/// typed text ends, shared by every screen that reads a body or a comment line by line.
public struct TypedLines: Equatable, Sendable {
    /// The line that ends the text; a line with spaces around the dot is text.
    public static let end = "."
    /// What the screens say before the first line.
    public static let howToEnd = "end with a line holding a single '\(end)'"

    /// The lines typed so far.
    public private(set) var lines: [String] = []

    public init() {}

    /// Adds one typed line; once the lone `.` ends the text, returns every line before it
    /// (none when the `.` came first) and starts again from nothing.
    public mutating func add(_ line: String) -> [String]? {
        guard line == TypedLines.end else {
            lines.append(line)
            return nil
        }
        defer { lines = [] }
        return lines
    }

    /// Reads lines at an empty prompt until the lone `.`; nil when the person cancels (`:q`) or
    /// input ends.
    @MainActor
    static func read(from terminal: any Terminal) -> [String]? {
        var typed = TypedLines()
        while let line = terminal.readAnswer(prompt: "") {
            if let lines = typed.add(line) { return lines }
        }
        return nil
    }
}
