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

    /// C0 controls, DEL and C1 controls (Unicode category Cc).
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    static func containsControl(_ text: String) -> Bool {
        text.unicodeScalars.contains(where: isControl)
    }
}
