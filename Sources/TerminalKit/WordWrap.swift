/// Breaks lines at spaces so that none is wider than the terminal: each piece starts with the
/// line's own indentation, and a word wider than the room left is broken
/// between grapheme clusters. SGR colour sequences (`ESC [ … m`, our own: stored text passes
/// `VisibleText` first) take no width and are never split.
public enum WordWrap {
    /// Every line of `text` wrapped to `width`; nil (a pipe) leaves it as it is.
    public static func text(_ text: String, width: Int?) -> String {
        guard let width else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .flatMap { lines(String($0), width: width) }.joined(separator: "\n")
    }

    public static func lines(_ line: String, width: Int) -> [String] {
        guard visibleWidth(line) > width, width > 0 else { return [line] }
        let indentation = String(line.prefix { $0 == " " })
        // Indentation wider than half the line is given up.
        let indent = indentation.count * 2 <= width ? indentation : ""
        var result: [String] = []
        var current = indent
        var used = indent.count
        var hasWords = false
        var pendingSpaces = ""
        func add(_ text: some StringProtocol, width: Int) {
            current += text
            used += width
        }
        for word in words(line.dropFirst(indentation.count)) {
            if word.first == " " {
                pendingSpaces += word
                continue
            }
            for (index, unit) in units(word).enumerated() {
                let unitWidth = unit.first == "\u{1B}" ? 0 : DisplayWidth.of(unit)
                let spaces = index == 0 ? pendingSpaces.count : 0
                let wordFits = index > 0 || used + spaces + visibleWidth(word) <= width
                if hasWords, !wordFits || used + spaces + unitWidth > width {
                    result.append(current)
                    (current, used) = (indent, indent.count)
                } else if index == 0 {
                    add(pendingSpaces, width: spaces)
                }
                add(unit, width: unitWidth)
                hasWords = true
            }
            pendingSpaces = ""
        }
        result.append(current)
        return result
    }

    /// Runs of spaces and runs of everything else.
    private static func words(_ text: Substring) -> [Substring] {
        var result: [Substring] = []
        var start = text.startIndex
        while start < text.endIndex {
            let isSpace = text[start] == " "
            let end = text[start...].firstIndex { ($0 == " ") != isSpace } ?? text.endIndex
            result.append(text[start..<end])
            start = end
        }
        return result
    }

    /// A word's grapheme clusters, each SGR sequence kept whole as one unit of no width.
    private static func units(_ word: Substring) -> [Substring] {
        var result: [Substring] = []
        var index = word.startIndex
        while index < word.endIndex {
            var end = word.index(after: index)
            if word[index] == "\u{1B}", end < word.endIndex, word[end] == "[",
                let final = word[end...].firstIndex(where: { $0.isLetter })
            {
                end = word.index(after: final)
            }
            result.append(word[index..<end])
            index = end
        }
        return result
    }

    /// Display columns, SGR sequences left out.
    public static func visibleWidth(_ text: some StringProtocol) -> Int {
        units(Substring(text)).reduce(0) { $0 + ($1.first == "\u{1B}" ? 0 : DisplayWidth.of($1)) }
    }
}
