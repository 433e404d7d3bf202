import TrackerCore

/// Makes stored text safe to print: control characters (escape sequences among them) are shown
/// in caret notation (`^[`) or as `<U+009B>`, so text from the database can never move the
/// cursor, change colours or retitle the window.
public enum VisibleText {
    public static func line(_ text: String) -> String {
        escape(text, keeping: [])
    }

    /// Keeps line feeds and tabs, for multi-line text such as an issue body.
    public static func block(_ text: String) -> String {
        escape(text, keeping: ["\n", "\t"])
    }

    private static func escape(_ text: String, keeping allowed: Set<Unicode.Scalar>) -> String {
        guard text.unicodeScalars.contains(where: { TextRules.isControl($0) && !allowed.contains($0) }) else {
            return text
        }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if !TextRules.isControl(scalar) || allowed.contains(scalar) {
                result.append(scalar)
            } else if scalar.value < 0x20 {
                result.append("^")
                result.append(Unicode.Scalar(UInt8(scalar.value) + 0x40))
            } else if scalar.value == 0x7F {
                result.append(contentsOf: "^?".unicodeScalars)
            } else {
                result.append(
                    contentsOf: "<U+\(String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4))>"
                        .unicodeScalars)
            }
        }
        return String(result)
    }
}

extension String {
    func leftPadded(to length: Int, with pad: Character = "0") -> String {
        count >= length ? self : String(repeating: pad, count: length - count) + self
    }
}
