import TerminalKit
import TrackerUI

/// The executable's own lines (notices, errors, traces): every one passes `VisibleText`, so a
/// value quoted from an argument, a file or the database can never reach the terminal as an
/// escape sequence.
enum Say {
    static func line(_ text: String) {
        StandardStreams.writeOutput((VisibleText.line(text) + "\n").utf8)
    }

    static func error(_ text: String) {
        StandardStreams.writeError(("tracker: " + VisibleText.line(text) + "\n").utf8)
    }

    /// Text that is already JSON or otherwise machine-made and escaped (keeps its line breaks).
    static func block(_ text: String) {
        StandardStreams.writeOutput((VisibleText.block(text) + "\n").utf8)
    }
}
