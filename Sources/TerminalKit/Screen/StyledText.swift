import TrackerCore

/// Text that may hold our own SGR sequences (`ESC [ … m`: colours, bold, reverse; stored text
/// passes `VisibleText` first, so no other escape can be in it), measured and cut by display
/// columns, the sequences taking none. `fit` is the full screen's last guard: anything else that
/// would control the terminal (another sequence, a control character) is shown by `VisibleText`.
public enum StyledText {
    /// The longest start of `text` that fits in `width` columns (whole grapheme clusters, every
    /// sequence kept), and its width.
    public static func fit(_ text: String, width: Int) -> (text: String, width: Int) {
        var used = 0
        var result = ""
        var index = text.startIndex
        while index < text.endIndex {
            let end = unitEnd(text, from: index)
            var unit = text[index..<end]
            if isStyle(unit) {
                result += unit
            } else {
                if unit.unicodeScalars.contains(where: TextRules.isControl) {
                    unit = Substring(VisibleText.line(String(unit)))
                }
                let size = DisplayWidth.of(unit)
                guard used + size <= width else { break }
                used += size
                result += unit
            }
            index = end
        }
        return (result, used)
    }

    /// `text` cut to `width` columns and padded with spaces to exactly that many.
    public static func padded(_ text: String, to width: Int) -> String {
        let cut = fit(text, width: width)
        return cut.text + String(repeating: " ", count: max(0, width - cut.width))
    }

    /// The text without its SGR sequences.
    public static func plain(_ text: String) -> String {
        guard text.contains("\u{1B}") else { return text }
        var result = ""
        var index = text.startIndex
        while index < text.endIndex {
            let end = unitEnd(text, from: index)
            if !isStyle(text[index..<end]) { result += text[index..<end] }
            index = end
        }
        return result
    }

    /// In reverse video (the highlighted row), its own colours dropped so they cannot end it.
    public static func reversed(_ text: String) -> String {
        "\u{1B}[7m" + plain(text) + "\u{1B}[0m"
    }

    public static func bold(_ text: String) -> String {
        "\u{1B}[1m" + text + "\u{1B}[0m"
    }

    /// Whether a unit is an SGR sequence: `ESC [`, digits and semicolons, `m`.
    private static func isStyle(_ unit: Substring) -> Bool {
        guard unit.first == "\u{1B}", unit.count >= 3, unit.last == "m" else { return false }
        return unit.dropFirst(2).dropLast().allSatisfy { $0.isASCII && ($0.isNumber || $0 == ";") }
    }

    /// The end of the grapheme cluster or SGR sequence starting at `index`.
    private static func unitEnd(_ text: String, from index: String.Index) -> String.Index {
        let next = text.index(after: index)
        guard text[index] == "\u{1B}", next < text.endIndex, text[next] == "[",
            let final = text[next...].firstIndex(where: { $0.isLetter })
        else { return next }
        return text.index(after: final)
    }
}
