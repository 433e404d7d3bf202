import TerminalKit
import TrackerUI

/// How a command's output meets the pager.
enum Paging {
    /// `show`: whenever there is a pager (`less -F` itself prints a text that fits and quits).
    case always
    /// `list` and `status`: only a text with more lines than fit above the prompt.
    case whenLongerThanTheScreen
    /// JSON: for programs, and printed as it is.
    case never
}

extension CompositionRoot {
    /// Renders to the terminal, through the `Pager` when there is one and `paging` asks for it.
    /// The text is collected first, with the terminal's width and colours, and the database
    /// session is closed before the pager opens: a person may read for a long time. JSON
    /// (`.never`) goes through `--jq`/`--template` when one is given.
    @MainActor
    func render(
        _ paging: Paging, noPager: Bool, transform: JSONTransform? = nil, _ render: @MainActor (any Terminal) -> Void
    ) async throws {
        let terminal = self.terminal
        if paging == .never { return try JSONOutput.write(transform, to: terminal, render) }
        guard let size = terminal.size, let pager = Pager(disabled: noPager, environment: environment)
        else { return render(terminal) }
        let collected = CollectedTerminal(terminal)
        render(collected)
        if paging == .whenLongerThanTheScreen, collected.rows(columns: size.columns) < size.rows {
            return terminal.write(collected.text)
        }
        await database.close()
        pager.show(collected.text, otherwiseOn: terminal)
    }
}

/// A terminal's width and colours, its output kept (errors still go to standard error).
@MainActor
final class CollectedTerminal: Terminal {
    private let base: any Terminal
    private(set) var text = ""

    private let forProgram: Bool

    /// `forProgram`: it has no width, so what is rendered is what a program would read.
    init(_ base: any Terminal, forProgram: Bool = false) {
        self.base = base
        self.forProgram = forProgram
        streamOutput = base.streamOutput
        streamError = base.streamError
    }

    var width: Int? { forProgram ? nil : base.width }
    var height: Int? { base.height }
    var usesColor: Bool { base.usesColor }
    var colorDepth: ColorDepth { base.colorDepth }
    nonisolated let streamOutput: any StreamOutput
    nonisolated let streamError: any StreamOutput
    func write(_ text: String) { self.text += text }
    func writeError(_ text: String) { base.writeError(text) }
    func readLine(prompt: String) -> String? { nil }

    /// The terminal rows the text takes, a line wider than `columns` taking several.
    func rows(columns: Int) -> Int {
        text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().reduce(0) { rows, line in
            rows + max(1, (WordWrap.visibleWidth(line) + columns - 1) / columns)
        }
    }
}
