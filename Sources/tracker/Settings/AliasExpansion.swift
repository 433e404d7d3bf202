import TrackerCore

/// gh's aliases: `tracker alias set bugs 'list --label bug'` makes `tracker bugs -s all` run
/// `tracker list --label bug -s all`. The first word is expanded before anything parses the
/// command line; `$1`, `$2`… in an expansion take the words after the alias in order, and the
/// words no `$N` took are added at the end. An expansion is words as a shell splits them
/// (single and double quotes, a backslash before a character), never run by a shell.
enum AliasExpansion {
    static func expand(_ arguments: [String], aliases: [String: String]) throws -> [String] {
        guard let first = arguments.first, let expansion = aliases[first] else { return arguments }
        var rest = Array(arguments.dropFirst())
        var used = Set<Int>()
        var expanded: [String] = []
        for word in try words(expansion) {
            var replaced = word
            for (index, argument) in rest.enumerated().reversed() where replaced.contains("$\(index + 1)") {
                replaced = replaced.replacing("$\(index + 1)", with: argument)
                used.insert(index)
            }
            expanded.append(replaced)
        }
        rest = rest.enumerated().filter { !used.contains($0.offset) }.map(\.element)
        return expanded + rest
    }

    /// `list --label "needs review"` as three words.
    static func words(_ text: String) throws -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for character in text {
            if escaped {
                current.append(character)
                escaped = false
            } else if character == "\\", quote != "'" {
                escaped = true
                inWord = true
            } else if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
                inWord = true
            } else if character.isWhitespace {
                if inWord { words.append(current) }
                current = ""
                inWord = false
            } else {
                current.append(character)
                inWord = true
            }
        }
        guard quote == nil, !escaped else {
            throw TrackerError.invalidInput(field: "alias", rule: "a quote is not closed in '\(text)'")
        }
        if inWord { words.append(current) }
        return words
    }
}
