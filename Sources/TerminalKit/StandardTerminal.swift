import ChildProcesses

/// Standard input and output: works on a TTY and from a pipe.
@MainActor
public final class StandardTerminal: Terminal {
    /// Nil when standard output is a pipe or a file: the output is for a program. Read again
    /// after the window changes size (SIGWINCH), so the next screen fits the new width.
    public var size: TerminalSize? {
        if sizeGeneration != WindowChanges.generation {
            sizeGeneration = WindowChanges.generation
            measuredSize = TerminalSize.standardOutput(environment: environment)
        }
        return measuredSize
    }
    public var width: Int? { size?.columns }
    public var height: Int? { size?.rows }
    public let usesColor: Bool
    public let colorDepth: ColorDepth
    public nonisolated let streamOutput: any StreamOutput = StandardOutput()
    public nonisolated let streamError: any StreamOutput = StandardError()
    public let showsProgress = isatty(STDERR_FILENO) == 1
    /// History and completion at the prompts, when the front gives them.
    public var assist: (any LineAssist)?
    private let environment: [String: String]
    private var measuredSize: TerminalSize?
    private var sizeGeneration: Int
    private let input = fdopen(STDIN_FILENO, "r")
    /// Both ends are a terminal: keys are read one by one and the line drawn by `PromptLine`.
    private let editsLines = isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
    /// The line being typed when a wake-up ended the last read, taken up again by the next.
    private var interruptedLine: LineEditor?
    private var keys = KeyReader()

    public var wakesForLiveUpdates: Bool { editsLines }

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.environment = environment
        measuredSize = TerminalSize.standardOutput(environment: environment)
        sizeGeneration = WindowChanges.generation
        colorDepth = ColorDepth(isTTY: measuredSize != nil, environment: environment)
        usesColor = colorDepth != .none
        if editsLines { WindowChanges.listen() }
    }

    public func write(_ text: String) {
        streamOutput.write(Array(text.utf8))
    }

    public func writeError(_ text: String) {
        streamError.write(Array(text.utf8))
    }

    /// At a terminal, the line is edited by `LineEditor` and drawn by `PromptLine`, so that
    /// what is on the screen is what is kept, wherever the cursor is moved; from a pipe, lines
    /// are read as they come. Either way a line that is not UTF-8 is refused and asked again,
    /// never silently altered.
    public func readLine(prompt: String) -> String? {
        switch readLine(prompt: prompt, typed: "", wake: nil) {
        case .line(let line): line
        case .woken, .endOfInput: nil
        }
    }

    public func readLine(prompt: String, typed: String, wake: WakePipe?) -> PromptAnswer {
        guard editsLines else {
            write(prompt + VisibleText.line(typed))
            return readPipedLine(prompt: prompt).map(PromptAnswer.line) ?? .endOfInput
        }
        let history = assist?.history(at: prompt) ?? []
        let resumed =
            interruptedLine.flatMap { $0.text == typed ? $0 : nil } ?? LineEditor(text: typed, history: history)
        interruptedLine = nil
        var row = PromptLine(prompt: prompt, columns: width)
        write(row.opening + row.draw(resumed))
        let answer = TerminalModes.during(.lineEditing) { editLine(row: &row, editor: resumed, wake: wake) }
        if case .line(let line)? = answer { assist?.typed(line, at: prompt) }
        return answer ?? readPipedLine(prompt: prompt).map(PromptAnswer.line) ?? .endOfInput
    }

    private func editLine(row: inout PromptLine, editor: LineEditor, wake: WakePipe?) -> PromptAnswer {
        var editor = editor
        while true {
            let event = keys.next(wake: wake)
            switch event {
            case .woken:
                interruptedLine = editor
                return .woken(typed: editor.text)
            case .ended:
                return .endOfInput
            case .windowChanged:
                row.resize(columns: width)
                if TerminalModes.wasResumed() { write(row.opening) }
                write(row.draw(editor))
                continue
            case .key(let key):
                var step = editor.take(key)
                if case .complete(let before) = step {
                    step = editor.complete(with: assist?.complete(before, at: row.prompt))
                }
                switch step {
                case .editing:
                    if !keys.hasQueuedKeys { write(row.draw(editor)) }
                case .complete:
                    continue
                case .candidates(let names):
                    write(row.finish(editor) + "\n" + VisibleText.line(names.joined(separator: "  ")) + "\n")
                    row.startOver()
                    write(row.opening + row.draw(editor))
                case .ended(let end):
                    write(row.finish(editor) + (end == .cancelled ? "^C" : "") + "\n")
                    switch end {
                    case .line(let line): return .line(line)
                    case .endOfInput, .cancelled: return .endOfInput
                    case .notUTF8:
                        refuseLine(prompt: "")
                        editor = LineEditor(history: assist?.history(at: row.prompt) ?? [])
                        row.startOver()
                        write(row.opening + row.draw(editor))
                    }
                }
            }
        }
    }

    private func readPipedLine(prompt: String) -> String? {
        while true {
            var buffer: UnsafeMutablePointer<CChar>?
            var capacity = 0
            defer { free(buffer) }
            let count = getline(&buffer, &capacity, input)
            guard count >= 0, let buffer else { return nil }
            var bytes = UnsafeRawBufferPointer(start: buffer, count: count)
            while let last = bytes.last, last == UInt8(ascii: "\n") || last == UInt8(ascii: "\r") {
                bytes = UnsafeRawBufferPointer(rebasing: bytes.dropLast())
            }
            if let line = String(validating: bytes, as: UTF8.self) { return line }
            refuseLine(prompt: prompt)
        }
    }

    private func refuseLine(prompt: String) {
        writeError("! that line was not valid UTF-8 text; type it again\n")
        write(prompt)
    }
}
