/// A key a person pressed, decoded from the bytes a terminal sends (`KeyDecoder`).
public enum Key: Equatable, Hashable, Sendable {
    /// Text: one Unicode scalar (a combining mark arrives as a scalar of its own).
    case text(Unicode.Scalar)
    /// A byte that is not UTF-8, or a UTF-8 sequence left unfinished; text shows it as U+FFFD.
    case invalid
    case enter, tab, backTab, backspace, delete, escape
    case up, down, left, right, home, end, pageUp, pageDown
    /// Ctrl and a letter (or another C0 control): the byte sent, 0x01 for Ctrl-A.
    case control(UInt8)
    /// An escape sequence no key here stands for (F5, Insert, a mouse report): ignored.
    case unknown

    public static func ctrl(_ letter: Character) -> Key {
        let value = letter.asciiValue.map { $0 & 0x1F } ?? 0
        return .control(value)
    }

    /// The printable character this key types, if it types one.
    public var character: Character? {
        if case .text(let scalar) = self { return Character(scalar) }
        return nil
    }
}
