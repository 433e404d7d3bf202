import TerminalKit

/// The words of a filter as typed after `f`: split at spaces, except inside double quotes, which
/// hold a value with spaces (`milestone:"Sprint 3"`) and are not part of it.
enum FilterTerms {
    /// nil when a quote is left open.
    static func split(_ text: String) -> [String]? {
        var terms: [String] = []
        var current = ""
        var quoted = false
        var started = false
        for character in text {
            if character == "\"" {
                quoted.toggle()
                started = true
            } else if character.isWhitespace && !quoted {
                if started { terms.append(current) }
                current = ""
                started = false
            } else {
                current.append(character)
                started = true
            }
        }
        guard !quoted else { return nil }
        if started { terms.append(current) }
        return terms
    }

    /// A value as it would be typed back: quoted when it holds a space or a quote, escaped for
    /// the terminal.
    static func quoted(_ value: String) -> String {
        let visible = VisibleText.line(value)
        return visible.contains(where: { $0.isWhitespace || $0 == "\"" }) ? "\"\(visible)\"" : visible
    }
}
