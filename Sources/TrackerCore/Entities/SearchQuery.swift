/// What `--search` asks for, in gh's syntax: every word must match; `"quoted words"` match as a
/// phrase; `OR` between two words or phrases matches either (it binds them before the words
/// around them: `login OR signin crash` is (login or signin) and crash); `-word` and
/// `-"a phrase"` leave out the issues that contain them anywhere. A term is matched as the
/// phrase of its words, so `e-mail` or `ログイン` is one term. One rule for what cannot be searched
/// (a term with no letter or digit, an empty phrase, a word too long to index, an OR that joins
/// nothing): it is left out and named in a note, and a search left with nothing finds nothing.
public struct SearchQuery: Equatable, Sendable {
    /// The longest search, counted as every length is (`TextRules.length`): far more than gh's
    /// 256, and few enough words that PostgreSQL's query stays well inside its stack.
    public static let maximumLength = 1_024

    /// Every group must match one text (the title and body, or one comment); a group matches
    /// when any of its terms does.
    public var required: [[String]]
    /// An issue whose title, body or any comment holds one of these is left out.
    public var excluded: [String]
    /// Operators that joined nothing (an `OR` at either end, or before a `-term`).
    public var ignoredOperators: [String]

    /// A search with no term matches nothing.
    public var isEmpty: Bool { required.isEmpty && excluded.isEmpty }

    /// Refuses a search longer than `maximumLength` before any server sees it.
    public static func requireWithinLimit(_ text: String) throws(TrackerError) {
        let length = TextRules.length(text)
        guard length <= maximumLength else {
            throw .invalidInput(
                field: "search",
                rule: "is \(length) characters, the limit is \(maximumLength); search for fewer words")
        }
    }

    /// Every term, in the order typed (for saying which of them the search cannot use).
    public var terms: [String] { required.flatMap { $0 } + excluded }

    /// A term as a note names it: an empty phrase as the two quotes typed.
    public static func shown(_ term: String) -> String {
        term.allSatisfy(\.isWhitespace) ? "\"\(term)\"" : term
    }

    public init(parsing text: String) {
        var required: [[String]] = []
        var excluded: [String] = []
        var ignored: [String] = []
        // An OR joins the positive terms on either side of it; anywhere else it joins nothing.
        var afterPositiveTerm = false
        var pendingOr = false
        for token in SearchQuery.tokens(in: text) {
            switch token {
            case .or:
                if afterPositiveTerm { pendingOr = true } else { ignored.append("OR") }
                afterPositiveTerm = false
            case .term(let term, negated: true):
                if pendingOr { ignored.append("OR") }
                pendingOr = false
                afterPositiveTerm = false
                excluded.append(term)
            case .term(let term, negated: false):
                if pendingOr {
                    required[required.count - 1].append(term)
                } else {
                    required.append([term])
                }
                pendingOr = false
                afterPositiveTerm = true
            }
        }
        if pendingOr { ignored.append("OR") }
        self.required = required
        self.excluded = excluded
        self.ignoredOperators = ignored
    }

    private enum Token: Equatable {
        case term(String, negated: Bool)
        case or
    }

    /// Words end at whitespace; a `"` at a word's start opens a phrase that runs to the next `"`
    /// (or the end); a `-` at a word's start negates it.
    private static func tokens(in text: String) -> [Token] {
        var tokens: [Token] = []
        var rest = Substring(text)
        while let start = rest.firstIndex(where: { !$0.isWhitespace }) {
            rest = rest[start...]
            var negated = false
            if rest.first == "-", let next = rest.dropFirst().first, !next.isWhitespace {
                negated = true
                rest = rest.dropFirst()
            }
            let term: Substring
            let quoted = rest.first == "\""
            if quoted {
                let inside = rest.dropFirst()
                let end = inside.firstIndex(of: "\"") ?? inside.endIndex
                term = inside[..<end]
                rest = end < inside.endIndex ? inside[inside.index(after: end)...] : inside[end...]
            } else {
                let end = rest.firstIndex(where: \.isWhitespace) ?? rest.endIndex
                term = rest[..<end]
                rest = rest[end...]
            }
            if !quoted, !negated, term == "OR" {
                tokens.append(.or)
            } else if quoted || !term.allSatisfy(\.isWhitespace) {
                // An empty phrase is a term like `!!!`: nothing to search for, left out and named.
                tokens.append(.term(String(term), negated: negated))
            }
        }
        return tokens
    }
}
