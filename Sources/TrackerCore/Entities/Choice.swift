/// The one rule for a value picked from a few fixed words (a state, a sort, a close reason),
/// typed as a flag or as a screen's filter: any case, with `_` or a space where the word has `-`
/// (`CLOSED`, `not planned`, `not_planned`). Anything else is refused with the closest words.
public enum Choice {
    public static func named(_ text: String, field: String, among choices: [String]) throws(TrackerError) -> String {
        let typed = spelling(text)
        if let match = choices.first(where: { spelling($0) == typed }) { return match }
        let suggestions = NameSuggestions.rank(typed, among: choices, limit: 2) { spelling($0) }
        throw .unknownChoice(field: field, value: text, suggestions: suggestions, choices: choices)
    }

    private static func spelling(_ text: String) -> String {
        String(text.trimmingWhitespace.lowercased().map { $0 == "_" || $0 == " " ? "-" : $0 })
    }
}
