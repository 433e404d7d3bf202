import TerminalKit

/// Standard input, output and error as the one `Terminal` every command writes through: the
/// screens, the commands' output, the executable's own notices and errors, and streamed rows.
@MainActor
enum Console {
    static let terminal = StandardTerminal(environment: ProcessEnvironment.values)
}

extension Terminal {
    /// One line of the executable's own (a notice): it passes `VisibleText`, so a value quoted
    /// from an argument, a file or the database can never reach the terminal as an escape sequence.
    func say(_ text: String) {
        writeLine(VisibleText.line(text))
    }

    /// What went wrong, as the executable says it: one escaped line on standard error.
    func sayError(_ text: String) {
        writeError(Console.errorLine(text))
    }
}

extension Console {
    /// `tracker: ` and the escaped text, on one line.
    nonisolated static func errorLine(_ text: String) -> String {
        "tracker: " + VisibleText.line(text) + "\n"
    }
}
