/// Checks shared by every text a person types: no NUL bytes, and (for one-line fields) no control
/// characters, which covers terminal escape sequences.
public enum TextRules {
    /// A text's length as every limit counts it: Unicode scalars, PostgreSQL's `char_length`.
    /// (A decomposed "é" is two, as the database sees it.)
    public static func length(_ text: String) -> Int {
        text.unicodeScalars.count
    }

    static func containsNul(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.value == 0 }
    }

    /// C0 controls, DEL and C1 controls (Unicode category Cc), and the bidirectional embedding,
    /// override and isolate controls (U+202A–U+202E, U+2066–U+2069), which make the text around
    /// them display in another order than it is stored ("Trojan Source"). The schema's
    /// constraints use the same set (migration 0012).
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || (0x202A...0x202E).contains(scalar.value)
            || (0x2066...0x2069).contains(scalar.value)
    }

    static func containsControl(_ text: String) -> Bool {
        text.unicodeScalars.contains(where: isControl)
    }
}
