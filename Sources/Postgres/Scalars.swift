/// Text read and searched Unicode scalar by scalar, as libpq reads bytes, never by `Character`:
/// a combining mark does not join the delimiter or quote before it.
enum Scalars {
    static func text(_ scalars: some Sequence<Unicode.Scalar>) -> String {
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars)
        return String(text)
    }

    /// The C library's `isspace` in the C locale, which libpq uses between a key and its `=`.
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        [" ", "\t", "\n", "\r", "\u{0B}", "\u{0C}"].contains(scalar)
    }

    /// Where `needle` first occurs in `haystack` at or after `start`, as scalar offsets.
    static func firstRange(
        of needle: [Unicode.Scalar], in haystack: [Unicode.Scalar], from start: Int = 0
    ) -> Range<Int>? {
        guard needle.count <= haystack.count - start else { return nil }
        for offset in start...(haystack.count - needle.count)
        where haystack[offset..<offset + needle.count].elementsEqual(needle) {
            return offset..<offset + needle.count
        }
        return nil
    }

    static func contains(_ needle: String, in haystack: String) -> Bool {
        firstRange(of: Array(needle.unicodeScalars), in: Array(haystack.unicodeScalars)) != nil
    }

    /// Every occurrence of `target` replaced, left to right.
    static func replacing(_ target: String, with replacement: String, in text: String) -> String {
        let (wanted, scalars) = (Array(target.unicodeScalars), Array(text.unicodeScalars))
        guard !wanted.isEmpty else { return text }
        var result = String.UnicodeScalarView()
        var position = 0
        while let found = firstRange(of: wanted, in: scalars, from: position) {
            result.append(contentsOf: scalars[position..<found.lowerBound])
            result.append(contentsOf: replacement.unicodeScalars)
            position = found.upperBound
        }
        result.append(contentsOf: scalars[position...])
        return String(result)
    }

    /// The text cut at every `"`: the even parts outside quotes, the odd ones inside.
    static func quotedParts(_ text: String) -> [String] {
        text.unicodeScalars.split(separator: "\"", omittingEmptySubsequences: false).map(Scalars.text)
    }
}
