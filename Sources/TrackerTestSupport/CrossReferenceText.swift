import Foundation
import TrackerCore

/// The issues a text names in other projects, read as migration 0024's `tracker_text_references`
/// reads them: `key#N` (any case) or `KEY-N` (upper case), not inside a word, a path or a code
/// span.
enum CrossReferenceText {
    private static let codeSpans = try? NSRegularExpression(pattern: "```[\\s\\S]*?```|`[^`]*`")
    private static let reference = try? NSRegularExpression(
        pattern:
            "(?<![A-Za-z0-9_./#-])([A-Za-z][A-Za-z0-9_.-]{0,39}#|[A-Z][A-Z0-9_]{0,39}-)([0-9]{1,16})(?![A-Za-z0-9_])")

    static func references(in text: String) -> [(key: String, number: Int64)] {
        guard let codeSpans, let reference else { return [] }
        let whole = NSRange(text.startIndex..., in: text)
        let plain = codeSpans.stringByReplacingMatches(in: text, range: whole, withTemplate: " ")
        return reference.matches(in: plain, range: NSRange(plain.startIndex..., in: plain)).compactMap { match in
            guard let key = Range(match.range(at: 1), in: plain), let digits = Range(match.range(at: 2), in: plain),
                let number = Int64(plain[digits])
            else { return nil }
            return (String(plain[key].dropLast()).lowercased(), number)
        }
    }
}
