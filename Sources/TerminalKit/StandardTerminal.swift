import ChildProcesses

/// Standard input and output: works on a TTY and from a pipe.
@MainActor
public final class StandardTerminal: Terminal {
    /// Nil when standard output is a pipe or a file: the output is for a program.
    public let size: TerminalSize?
    public var width: Int? { size?.columns }
    public var height: Int? { size?.rows }
    public let usesColor: Bool
    public let colorDepth: ColorDepth
    public nonisolated let streamOutput: any StreamOutput = StandardOutput()
    public nonisolated let streamError: any StreamOutput = StandardError()
    public let showsProgress = isatty(STDERR_FILENO) == 1
    private let input = fdopen(STDIN_FILENO, "r")
    /// Both ends are a terminal: keys are read one by one and echoed by `LineEditor`.
    private let editsLines = isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
    /// The line being typed when a wake-up ended the last read, taken up again by the next.
    private var interruptedLine: LineEditor?

    public var wakesForLiveUpdates: Bool { editsLines }

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        size = TerminalSize.standardOutput(environment: environment)
        colorDepth = ColorDepth(isTTY: size != nil, environment: environment)
        usesColor = colorDepth != .none
    }

    public func write(_ text: String) {
        streamOutput.write(Array(text.utf8))
    }

    public func writeError(_ text: String) {
        streamError.write(Array(text.utf8))
    }

    /// At a terminal, the line is edited by `LineEditor` so that erasing a wide character or
    /// an emoji erases what is on the screen; from a pipe, lines are read as they come. Either
    /// way a line that is not UTF-8 is refused and asked again, never silently altered.
    public func readLine(prompt: String) -> String? {
        switch readLine(prompt: prompt, typed: "", wake: nil) {
        case .line(let line): line
        case .woken, .endOfInput: nil
        }
    }

    public func readLine(prompt: String, typed: String, wake: WakePipe?) -> PromptAnswer {
        let resumed = interruptedLine.flatMap { $0.text == typed ? $0 : nil } ?? LineEditor(text: typed)
        interruptedLine = nil
        write(prompt + VisibleText.line(resumed.text))
        if editsLines, let answer = RawInputMode.during({ editLine(prompt: prompt, editor: resumed, wake: wake) }) {
            return answer
        }
        return readPipedLine(prompt: prompt).map(PromptAnswer.line) ?? .endOfInput
    }

    private func editLine(prompt: String, editor: LineEditor, wake: WakePipe?) -> PromptAnswer {
        var editor = editor
        while true {
            if let wake, KeyWait.untilKeyOr(wake) == .woken {
                interruptedLine = editor
                return .woken(typed: editor.text)
            }
            var byte: UInt8 = 0
            let count = read(STDIN_FILENO, &byte, 1)
            let failure = errno
            if RawInputMode.wasResumed() { write(prompt + VisibleText.line(editor.text)) }
            if count < 0, failure == EINTR { continue }
            guard count == 1 else { return .endOfInput }
            let step = editor.take(byte)
            if !step.echo.isEmpty { write(step.echo) }
            switch step.end {
            case nil: continue
            case .line(let line): return .line(line)
            case .endOfInput, .cancelled: return .endOfInput
            case .notUTF8:
                refuseLine(prompt: prompt)
                editor = LineEditor()
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
