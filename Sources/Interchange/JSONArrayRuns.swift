/// Cuts a JSON array's text at top-level commas into runs of whole elements, so that runs can
/// be decoded side by side. It reads only brackets, braces, strings and commas: anything it
/// cannot place (no array, unbalanced brackets, text after the array) gives nil, and the caller
/// decodes the whole text as before, with that decoder's own message.
enum JSONArrayRuns {
    /// Byte ranges of `bytes`, each the elements between two cuts (without brackets or the
    /// commas at the cuts), at least `minimumLength` bytes apart, at most `count` of them.
    static func ranges(in bytes: UnsafeRawBufferPointer, count: Int, minimumLength: Int) -> [Range<Int>]? {
        guard let open = bytes.firstIndex(where: { !isWhitespace($0) }), bytes[open] == UInt8(ascii: "[") else {
            return nil
        }
        let target = max(minimumLength, bytes.count / max(count, 1))
        var ranges: [Range<Int>] = []
        var start = open + 1
        var depth = 1
        var inString = false
        var escaped = false
        var index = open + 1
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
            } else {
                switch byte {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
                case UInt8(ascii: "]"), UInt8(ascii: "}"):
                    depth -= 1
                    if depth == 0 {
                        ranges.append(start..<index)
                        let rest = bytes[(index + 1)...]
                        return rest.allSatisfy(isWhitespace) && byte == UInt8(ascii: "]") ? ranges : nil
                    }
                case UInt8(ascii: ","):
                    if depth == 1, index - start >= target, ranges.count < count - 1 {
                        ranges.append(start..<index)
                        start = index + 1
                    }
                default: break
                }
            }
            index += 1
        }
        return nil
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
