/// The line being typed at a prompt when the terminal is in raw mode: takes the bytes of the
/// keys pressed and says what to echo, so that what the screen shows is always what is kept.
/// Text is added at the end; Backspace removes the last grapheme cluster and erases exactly the
/// columns it took; Ctrl-U clears the line and Ctrl-W the last word; Enter ends the line,
/// Ctrl-D on an empty line ends the input and Ctrl-C cancels. Echo passes through `VisibleText`,
/// so a control character typed shows as `^A` and is erased as two columns.
struct LineEditor {
    enum End: Equatable {
        case line(String)
        /// The line held bytes that are not UTF-8; it is refused as a whole, as a piped one is.
        case notUTF8
        /// Ctrl-D on an empty line.
        case endOfInput
        /// Ctrl-C, when the terminal passes it on instead of interrupting.
        case cancelled
    }

    private(set) var text: String
    /// The start of a UTF-8 sequence still waiting for its continuation bytes.
    private var pending: [UInt8] = []
    /// Where in `text`'s scalars a U+FFFD stands for bytes that were not UTF-8.
    private var invalidOffsets: [Int] = []
    private var escape = EscapeState.none

    private enum EscapeState { case none, started, controlSequence }

    /// Starts with `text` already typed (given back after a prompt was interrupted).
    init(text: String = "") {
        self.text = text
    }

    /// Takes one byte; returns what to write to the screen, and how the line ended once it has.
    mutating func take(_ byte: UInt8) -> (echo: String, end: End?) {
        switch escape {
        case .started:
            escape = byte == UInt8(ascii: "[") || byte == UInt8(ascii: "O") ? .controlSequence : .none
            return ("", nil)
        case .controlSequence:
            if (0x40...0x7E).contains(byte) { escape = .none }
            return ("", nil)
        case .none:
            break
        }
        if byte >= 0x80 || (0x20..<0x7F).contains(byte) { return (takeText(byte), nil) }
        var echo = flushPending()
        switch byte {
        case 0x0D, 0x0A:
            return (echo + "\n", invalidOffsets.isEmpty ? .line(text) : .notUTF8)
        case 0x7F, 0x08:
            echo += eraseLast()
        case 0x15:
            while !text.isEmpty { echo += eraseLast() }
        case 0x17:
            while let last = text.last, last.isWhitespace { echo += eraseLast() }
            while let last = text.last, !last.isWhitespace { echo += eraseLast() }
        case 0x04:
            if text.isEmpty { return (echo + "\n", .endOfInput) }
        case 0x03:
            return (echo + "^C\n", .cancelled)
        case 0x1B:
            escape = .started
        default:
            echo += append(Unicode.Scalar(byte))
        }
        return (echo, nil)
    }

    /// Feeds bytes until the line ends; the echo of all of them.
    mutating func take(_ bytes: some Sequence<UInt8>) -> (echo: String, end: End?) {
        var echo = ""
        for byte in bytes {
            let step = take(byte)
            echo += step.echo
            if let end = step.end { return (echo, end) }
        }
        return (echo, nil)
    }

    private mutating func takeText(_ byte: UInt8) -> String {
        if pending.isEmpty {
            if byte < 0x80 { return append(Unicode.Scalar(byte)) }
            guard LineEditor.sequenceLength(startingWith: byte) != nil else { return appendInvalid() }
            pending = [byte]
            return ""
        }
        guard (0x80...0xBF).contains(byte) else { return flushPending() + takeText(byte) }
        pending.append(byte)
        guard pending.count == LineEditor.sequenceLength(startingWith: pending[0]) else { return "" }
        defer { pending = [] }
        guard let decoded = String(validating: pending, as: UTF8.self), let scalar = decoded.unicodeScalars.first
        else { return appendInvalid() }
        return append(scalar)
    }

    /// An unfinished UTF-8 sequence interrupted by another key is not UTF-8.
    private mutating func flushPending() -> String {
        guard !pending.isEmpty else { return "" }
        pending = []
        return appendInvalid()
    }

    private mutating func append(_ scalar: Unicode.Scalar) -> String {
        text.unicodeScalars.append(scalar)
        return VisibleText.line(String(scalar))
    }

    private mutating func appendInvalid() -> String {
        invalidOffsets.append(text.unicodeScalars.count)
        return append("\u{FFFD}")
    }

    private mutating func eraseLast() -> String {
        guard let last = text.popLast() else { return "" }
        let remaining = text.unicodeScalars.count
        invalidOffsets.removeAll { $0 >= remaining }
        return String(repeating: "\u{8} \u{8}", count: DisplayWidth.of(VisibleText.line(String(last))))
    }

    private static func sequenceLength(startingWith byte: UInt8) -> Int? {
        switch byte {
        case 0xC2...0xDF: 2
        case 0xE0...0xEF: 3
        case 0xF0...0xF4: 4
        default: nil
        }
    }
}
