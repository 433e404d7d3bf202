/// A text cut into lines on "\n" alone, each line keeping its "\n": "\r\n" lines keep their "\r" as
/// content, and a text that does not end in a newline has a last line without one. Joining the lines
/// gives the text back byte for byte; "" has no lines.
enum TextLines {
    static func split(_ text: String) -> [Substring] {
        var lines: [Substring] = []
        var start = text.utf8.startIndex
        var index = start
        while index != text.utf8.endIndex {
            let byte = text.utf8[index]
            index = text.utf8.index(after: index)
            if byte == UInt8(ascii: "\n") {
                lines.append(text[start..<index])
                start = index
            }
        }
        if start != text.utf8.endIndex { lines.append(text[start...]) }
        return lines
    }

    /// Lines joined; one that lacks its "\n" (a text's last line) gets one when more lines follow,
    /// so lines from different texts never run together.
    static func join<Lines: Sequence>(_ pieces: Lines, into text: inout String) where Lines.Element == String {
        for line in pieces {
            if let last = text.utf8.last, last != UInt8(ascii: "\n") { text.append("\n") }
            text.append(line)
        }
    }
}

/// Numbers lines so that two lines get the same number only when their bytes are the same: Swift's
/// `==` on strings is canonical equivalence ("é" equals "e\u{301}"), which would let a diff or a merge
/// swap one spelling for the other.
struct LineNumbering {
    private var numbers: [ExactLine: Int] = [:]

    mutating func number(_ lines: [Substring]) -> [Int] {
        lines.map { line in
            let key = ExactLine(text: line)
            if let known = numbers[key] { return known }
            let next = numbers.count
            numbers[key] = next
            return next
        }
    }
}

private struct ExactLine: Hashable {
    let text: Substring

    static func == (left: ExactLine, right: ExactLine) -> Bool { left.text.utf8.elementsEqual(right.text.utf8) }

    func hash(into hasher: inout Hasher) {
        let hashed: Void? = text.utf8.withContiguousStorageIfAvailable {
            hasher.combine(bytes: UnsafeRawBufferPointer($0))
        }
        if hashed == nil { Array(text.utf8).withUnsafeBytes { hasher.combine(bytes: $0) } }
    }
}
