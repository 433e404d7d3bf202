/// Turns the bytes a terminal sends into keys: UTF-8 text, the C0 controls, and the ECMA-48
/// sequences xterm, tmux, screen and the Linux console send for the arrows, Home/End,
/// PgUp/PgDn, Delete and Shift-Tab (`ESC [ A`, `ESC O H`, `ESC [ 5 ~`, `ESC [ 1 ; 5 C`, …).
/// A lone Escape cannot be told from the start of a sequence by its byte: the reader calls
/// `flush()` when no byte followed it soon enough.
public struct KeyDecoder: Sendable {
    private var pending: [UInt8] = []
    private var state = State.ground

    private enum State: Sendable {
        case ground
        /// ESC seen.
        case escape
        /// ESC [ or ESC O seen; the parameters so far are in `pending`.
        case sequence(introducer: UInt8)
        /// The start of a UTF-8 sequence, waiting for its continuation bytes.
        case utf8(length: Int)
    }

    public init() {}

    /// Whether a byte is being held (an Escape, or the start of a sequence or of UTF-8 text).
    public var isWaiting: Bool {
        if case .ground = state { return false }
        return true
    }

    /// The keys these bytes complete.
    public mutating func take(_ bytes: some Sequence<UInt8>) -> [Key] {
        var keys: [Key] = []
        for byte in bytes { take(byte, into: &keys) }
        return keys
    }

    /// No byte came soon after: a lone Escape is the Escape key, a broken sequence is dropped,
    /// unfinished UTF-8 is not text.
    public mutating func flush() -> [Key] {
        defer { (state, pending) = (.ground, []) }
        switch state {
        case .ground: return []
        case .escape: return [.escape]
        case .sequence: return [.unknown]
        case .utf8: return [.invalid]
        }
    }

    private mutating func take(_ byte: UInt8, into keys: inout [Key]) {
        switch state {
        case .ground:
            ground(byte, into: &keys)
        case .escape:
            if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "O") {
                state = .sequence(introducer: byte)
                pending = []
            } else {
                // Alt and a key (or Escape typed before another key): the Escape, then the key.
                state = .ground
                keys.append(.escape)
                ground(byte, into: &keys)
            }
        case .sequence(let introducer):
            if (0x20...0x3F).contains(byte) {
                pending.append(byte)
            } else {
                state = .ground
                keys.append(KeyDecoder.sequence(introducer: introducer, parameters: pending, final: byte))
                pending = []
            }
        case .utf8(let length):
            guard (0x80...0xBF).contains(byte) else {
                state = .ground
                pending = []
                keys.append(.invalid)
                return ground(byte, into: &keys)
            }
            pending.append(byte)
            guard pending.count == length else { return }
            state = .ground
            defer { pending = [] }
            if let text = String(validating: pending, as: UTF8.self), let scalar = text.unicodeScalars.first {
                keys.append(.text(scalar))
            } else {
                keys.append(.invalid)
            }
        }
    }

    private mutating func ground(_ byte: UInt8, into keys: inout [Key]) {
        switch byte {
        case 0x1B: state = .escape
        case 0x0D, 0x0A: keys.append(.enter)
        case 0x09: keys.append(.tab)
        case 0x7F, 0x08: keys.append(.backspace)
        case 0x00..<0x20: keys.append(.control(byte))
        case 0x20..<0x7F: keys.append(.text(Unicode.Scalar(byte)))
        default:
            guard let length = KeyDecoder.sequenceLength(startingWith: byte) else { return keys.append(.invalid) }
            state = .utf8(length: length)
            pending = [byte]
        }
    }

    /// `ESC [ params final` or `ESC O final`: the key it stands for; modifiers (`1;5`) are ignored.
    private static func sequence(introducer: UInt8, parameters: [UInt8], final: UInt8) -> Key {
        let text = String(decoding: parameters, as: UTF8.self)
        let first = text.split(separator: ";").first.flatMap { Int($0) }
        switch Character(Unicode.Scalar(final)) {
        case "A": return .up
        case "B": return .down
        case "C": return .right
        case "D": return .left
        case "H": return .home
        case "F": return .end
        case "Z": return .backTab
        case "~":
            switch first {
            case 1, 7: return .home
            case 4, 8: return .end
            case 3: return .delete
            case 5: return .pageUp
            case 6: return .pageDown
            default: return .unknown
            }
        default: return .unknown
        }
    }

    static func sequenceLength(startingWith byte: UInt8) -> Int? {
        switch byte {
        case 0xC2...0xDF: 2
        case 0xE0...0xEF: 3
        case 0xF0...0xF4: 4
        default: nil
        }
    }
}
