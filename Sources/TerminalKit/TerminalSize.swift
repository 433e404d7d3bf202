/// Whether standard output is read by a person, and the size of their terminal.
///
/// `TRACKER_FORCE_TTY` (gh's `GH_FORCE_TTY`) makes a pipe count as a terminal, for tests and
/// tools that want the table: a number is the width. Otherwise `COLUMNS` and `LINES` override
/// what the terminal says (TIOCGWINSZ); a terminal that says nothing is 80×24.
public struct TerminalSize: Equatable, Sendable {
    public var columns: Int
    public var rows: Int

    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    /// Standard output's size, nil when it is not a terminal (nor forced to count as one).
    public static func standardOutput(environment: [String: String]) -> TerminalSize? {
        let forced = environment["TRACKER_FORCE_TTY"].flatMap { $0.isEmpty ? nil : $0 }
        guard forced != nil || isatty(STDOUT_FILENO) == 1 else { return nil }
        var told = winsize()
        let asked = ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &told) == 0
        let columns = [forced, environment["COLUMNS"]].lazy.compactMap(positive).first
        let rows = environment["LINES"].flatMap(positive)
        return TerminalSize(
            columns: columns ?? (asked && told.ws_col > 0 ? Int(told.ws_col) : 80),
            rows: rows ?? (asked && told.ws_row > 0 ? Int(told.ws_row) : 24))
    }

    private static func positive(_ text: String?) -> Int? {
        guard let text, let number = Int(text), number > 0 else { return nil }
        return number
    }
}
