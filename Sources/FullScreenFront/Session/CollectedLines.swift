import ChildProcesses
import TerminalKit

/// A `Terminal` that keeps what is written as lines, the screen's width and colours: the line
/// front's views write into it, so a fact the full screen shows has the line front's words.
@MainActor
final class CollectedLines: Terminal {
    let width: Int?
    let height: Int? = nil
    let colorDepth: ColorDepth
    var usesColor: Bool { colorDepth != .none }
    nonisolated let streamOutput: any StreamOutput = Discarded()
    nonisolated let streamError: any StreamOutput = Discarded()
    private var text = ""

    init(width: Int, colorDepth: ColorDepth) {
        self.width = width
        self.colorDepth = colorDepth
    }

    func write(_ text: String) { self.text += text }
    func writeError(_ text: String) { self.text += text }
    func readLine(prompt: String) -> String? { nil }

    /// What was written, a line each, the last line break dropped.
    var lines: [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// The lines a view writes at this width and in these colours.
    static func of(width: Int, colorDepth: ColorDepth, _ write: (CollectedLines) -> Void) -> [String] {
        let terminal = CollectedLines(width: width, colorDepth: colorDepth)
        write(terminal)
        return terminal.lines
    }

    private struct Discarded: StreamOutput {
        func write(_ bytes: [UInt8]) {}
    }
}
