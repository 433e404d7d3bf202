import TrackerCore

/// Makes stored text safe to print: control characters (escape sequences among them) are shown
/// in caret notation (`^[`) or as `<U+009B>`, so text from the database can never move the
/// cursor, change colours or retitle the window.
public enum VisibleText {
    public static func line(_ text: String) -> String {
        escape(text, keepsLinesAndTabs: false)
    }

    /// Keeps line feeds and tabs, for multi-line text such as an issue body.
    public static func block(_ text: String) -> String {
        escape(text, keepsLinesAndTabs: true)
    }

    /// One field of a tab-separated line (linear TSV, as `mysql --batch` and PostgreSQL's COPY
    /// write it): a backslash, tab, line feed and carriage return become `\\`, `\t`, `\n`, `\r`,
    /// and any other control character `\u` and four hex digits, as in JSON. A field then never
    /// holds a tab or a line break, and the text can be read back exactly.
    public static func field(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { TextRules.isControl($0) || $0 == "\\" }) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result.append(contentsOf: #"\\"#.unicodeScalars)
            case "\t": result.append(contentsOf: #"\t"#.unicodeScalars)
            case "\n": result.append(contentsOf: #"\n"#.unicodeScalars)
            case "\r": result.append(contentsOf: #"\r"#.unicodeScalars)
            case _ where TextRules.isControl(scalar):
                let hex = String(scalar.value, radix: 16).leftPadded(to: 4)
                result.append(contentsOf: #"\u"#.unicodeScalars)
                result.append(contentsOf: hex.unicodeScalars)
            default: result.append(scalar)
            }
        }
        return String(result)
    }

    /// `keepsLinesAndTabs` rather than a set of kept scalars: a `Set<Unicode.Scalar>` costs every
    /// process a conformance scan the first time one is made (0.4 M instructions of `show`).
    private static func escape(_ text: String, keepsLinesAndTabs: Bool) -> String {
        func shown(_ scalar: Unicode.Scalar) -> Bool {
            !TextRules.isControl(scalar) || (keepsLinesAndTabs && (scalar == "\n" || scalar == "\t"))
        }
        guard !text.unicodeScalars.allSatisfy(shown) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if shown(scalar) {
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
