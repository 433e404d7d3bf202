/// How many terminal columns text takes, with wcwidth's rules (checked against Python's
/// `wcwidth` 0.7): East Asian Wide and Fullwidth characters and emoji take two columns,
/// combining marks and format characters none, everything else one. A grapheme cluster (an
/// emoji ZWJ sequence, a flag, a letter with its accents) takes its first visible scalar's
/// width, not the sum. Control characters take none: text is escaped by `VisibleText` first.
public enum DisplayWidth {
    public static func of(_ text: some StringProtocol) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

    public static func of(_ character: Character) -> Int {
        var width = 0
        var base: Unicode.Scalar?
        for scalar in character.unicodeScalars {
            guard let base else {
                width = of(scalar)
                if width > 0 { base = scalar }
                continue
            }
            if scalar == "\u{FE0F}", width == 1, base.properties.isEmoji {
                width = 2
            } else if scalar.properties.generalCategory == .spacingMark {
                // A vowel sign drawn beside its consonant, as wcwidth counts it.
                return width + 1
            }
        }
        return width
    }

    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x7F { return value < 0x20 ? 0 : 1 }
        if value < 0xA0 { return 0 }
        if isWide(value) || scalar.properties.isEmojiPresentation { return 2 }
        if prependedMarks.contains(value) || value == 0xAD { return 1 }
        if scalar.properties.isDefaultIgnorableCodePoint || hangulJamo.contains(where: { $0.contains(value) }) {
            return 0
        }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .spacingMark, .format, .lineSeparator, .paragraphSeparator: return 0
        default: return 1
        }
    }

    /// The longest start of `text` that fits in `width` columns, whole grapheme clusters only.
    public static func prefix(_ text: String, fitting width: Int) -> Substring {
        var used = 0
        var end = text.startIndex
        while end < text.endIndex {
            let next = of(text[end])
            guard next <= width - used else { break }
            used += next
            end = text.index(after: end)
        }
        return text[..<end]
    }

    private static func isWide(_ value: UInt32) -> Bool {
        var low = 0
        var high = wideRanges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let range = wideRanges[middle]
            if value < range.lowerBound {
                high = middle - 1
            } else if value > range.upperBound {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }

    /// Arabic and other number signs: format characters that are drawn, one column wide.
    private static let prependedMarks: Set<UInt32> = [
        0x0600, 0x0601, 0x0602, 0x0603, 0x0604, 0x0605, 0x06DD, 0x070F, 0x0890, 0x0891, 0x08E2, 0x110BD, 0x110CD,
    ]

    /// Hangul vowel and final jamo: they join the initial before them.
    private static let hangulJamo: [ClosedRange<UInt32>] = [0x1160...0x11FF, 0xD7B0...0xD7FF]

    /// East Asian Wide and Fullwidth (Unicode 17), apart from emoji, which
    /// `isEmojiPresentation` covers.
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2329...0x232A, 0x2630...0x2637, 0x268A...0x268F, 0x2E80...0x2E99, 0x2E9B...0x2EF3,
        0x2F00...0x2FD5, 0x2FF0...0x3029, 0x3030...0x303E, 0x3041...0x3096, 0x309B...0x30FF, 0x3105...0x312F,
        0x3131...0x3163, 0x3165...0x318E, 0x3190...0x31E5, 0x31EF...0x321E, 0x3220...0x3247, 0x3250...0xA48C,
        0xA490...0xA4C6, 0xA960...0xA97C, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE52,
        0xFE54...0xFE66, 0xFE68...0xFE6B, 0xFF01...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE3, 0x16FF2...0x16FF6,
        0x17000...0x18CD5, 0x18CFF...0x18D1E, 0x18D80...0x18DF2, 0x1AFF0...0x1AFF3, 0x1AFF5...0x1AFFB,
        0x1AFFD...0x1AFFE, 0x1B000...0x1B122, 0x1B132...0x1B132, 0x1B150...0x1B152, 0x1B155...0x1B155,
        0x1B164...0x1B167, 0x1B170...0x1B2FB, 0x1D300...0x1D356, 0x1D360...0x1D376, 0x1F200...0x1F202,
        0x1F210...0x1F23B, 0x1F240...0x1F248, 0x1F250...0x1F251, 0x1F260...0x1F265, 0x20000...0x2FFFD,
        0x30000...0x3FFFD,
    ]
}
