import Foundation
import TrackerCore

/// Migration 0008's search rules, for `InMemoryIssueRepository`: NFKC (width), then case and
/// accents folded; words are runs of letters, marks and digits; a script written without spaces counts
/// one word per character; a term matches a text that holds its words in a row. Unlike
/// PostgreSQL there is no stemming (`crashing` does not find `crashes`).
enum SearchText {
    /// PostgreSQL leaves longer words out of an index and out of a query.
    static let longestWordBytes = 2047

    /// The words an index holds for `text`, in order.
    static func words(_ text: String) -> [String] {
        allWords(text).filter { $0.utf8.count <= longestWordBytes }
    }

    /// Whether some word of `text` is too long for an index.
    static func hasLongWord(_ text: String) -> Bool {
        allWords(text).contains { $0.utf8.count > longestWordBytes }
    }

    private static func allWords(_ text: String) -> [String] {
        var words: [String] = []
        var word = String.UnicodeScalarView()
        func flush() {
            if !word.isEmpty { words.append(String(word)) }
            word = String.UnicodeScalarView()
        }
        // NFKC; Foundation on Linux leaves a half-width voiced mark uncomposed (ｸﾞ → ク + ゙), so
        // NFC again composes it (グ) as PostgreSQL's normalize does.
        let folded = text.precomposedStringWithCompatibilityMapping.precomposedStringWithCanonicalMapping
            .folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        for scalar in folded.unicodeScalars {
            if isUnspaced(scalar) {
                flush()
                words.append(String(scalar))
            } else if isWordPart(scalar) {
                word.append(scalar)
            } else {
                flush()
            }
        }
        flush()
        return words
    }

    /// Whether `text` holds the term's words in a row (never for a term without words).
    static func contains(_ term: [String], in text: [String]) -> Bool {
        guard !term.isEmpty, term.count <= text.count else { return false }
        return (0...(text.count - term.count)).contains { start in
            text[start..<(start + term.count)].elementsEqual(term)
        }
    }

    /// The same scripts as the migration's `unspaced` list.
    private static func isUnspaced(_ scalar: Unicode.Scalar) -> Bool {
        let ranges: [ClosedRange<UInt32>] = [
            0x0E00...0x0EFF, 0x1000...0x109F, 0x1780...0x17FF, 0x3005...0x3007, 0x3040...0x309F, 0x30A0...0x30FF,
            0x31F0...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7AF, 0xF900...0xFAFF, 0x20000...0x3134F,
        ]
        return ranges.contains { $0.contains(scalar.value) }
    }

    private static func isWordPart(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber:
            true
        default: false
        }
    }
}

extension SearchQuery {
    /// Whether an issue with these texts (its title and body, then each comment) matches.
    func matches(_ texts: [String]) -> Bool {
        guard !isEmpty else { return false }
        let words = texts.map(SearchText.words)
        // As in PostgreSQL, a term without words drops out of its group, and a group without
        // terms drops out of the search; a search left with nothing matches nothing.
        let excludedTerms = excluded.map(SearchText.words).filter { !$0.isEmpty }
        let groups = required.map { $0.map(SearchText.words).filter { !$0.isEmpty } }.filter { !$0.isEmpty }
        guard !groups.isEmpty || !excludedTerms.isEmpty else { return false }
        if words.contains(where: { text in excludedTerms.contains { SearchText.contains($0, in: text) } }) {
            return false
        }
        guard !groups.isEmpty else { return true }
        return words.contains { text in
            groups.allSatisfy { group in group.contains { SearchText.contains($0, in: text) } }
        }
    }

    /// The terms PostgreSQL could not use: without a word, or with a word too long to index.
    var unusableTerms: [String] {
        terms.filter { SearchText.words($0).isEmpty || SearchText.hasLongWord($0) }
    }
}
