import TrackerCore

/// What `--template` text is made of, as Go's text/template (and so gh's `--template`) writes it:
/// text, and actions between `{{` and `}}`. See `Template` for the subset read.
indirect enum TemplateNode: Equatable, Sendable {
    case text(String)
    case action(TemplatePipeline)
    /// `{{range P}}body{{else}}otherwise{{end}}`: body once per element, with it as `.`.
    case range(TemplatePipeline, body: [TemplateNode], otherwise: [TemplateNode])
    /// `{{if P}}…{{else if Q}}…{{else}}…{{end}}`: the first branch whose pipeline is true.
    case choice(branches: [TemplateBranch], otherwise: [TemplateNode])
    /// `{{with P}}body{{else}}otherwise{{end}}`: body with P as `.` when P is true.
    case with(TemplatePipeline, body: [TemplateNode], otherwise: [TemplateNode])
}

struct TemplateBranch: Equatable, Sendable {
    let condition: TemplatePipeline
    let body: [TemplateNode]
}

/// `a | b | c`: each command's value is the last argument of the next.
struct TemplatePipeline: Equatable, Sendable {
    let commands: [TemplateCommand]
}

/// A function and its arguments, or a single value.
struct TemplateCommand: Equatable, Sendable {
    let words: [TemplateWord]
}

indirect enum TemplateWord: Equatable, Sendable {
    /// `.`, `.title`, `.milestone.title`: the path from the current value.
    case field([String])
    /// `(pluck "name" .labels)`: a field of a parenthesised pipeline's value, or the value.
    case group(TemplatePipeline, path: [String])
    case string(String)
    case integer(Int64)
    case bool(Bool)
    case null
    case function(String)
}

/// The tokens of one action.
enum TemplateToken: Equatable {
    case field([String])
    case word(String)
    case string(String)
    case integer(Int64)
    case open
    case close([String])
    case pipe
}

/// Splits an action's text into tokens.
enum TemplateLexer {
    static func tokens(_ text: String) throws(TrackerError) -> [TemplateToken] {
        var tokens: [TemplateToken] = []
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character.isWhitespace {
                index = text.index(after: index)
            } else if character == "|" {
                tokens.append(.pipe)
                index = text.index(after: index)
            } else if character == "(" {
                tokens.append(.open)
                index = text.index(after: index)
            } else if character == ")" {
                index = text.index(after: index)
                let (path, next) = fieldPath(text, from: index)
                tokens.append(.close(path))
                index = next
            } else if character == "." {
                let (path, next) = fieldPath(text, from: index)
                tokens.append(.field(path))
                index = next == index ? text.index(after: index) : next
            } else if character == "\"" || character == "`" {
                let (value, next) = try string(text, from: index)
                tokens.append(.string(value))
                index = next
            } else {
                let end = text[index...].firstIndex { $0.isWhitespace || "|()\"".contains($0) } ?? text.endIndex
                let word = String(text[index..<end])
                tokens.append(Int64(word).map(TemplateToken.integer) ?? .word(word))
                index = end
            }
        }
        return tokens
    }

    /// `.a.b` from `index` (at a dot): the names, and where they end; `.` alone is no names.
    private static func fieldPath(_ text: String, from index: String.Index) -> ([String], String.Index) {
        var names: [String] = []
        var index = index
        while index < text.endIndex, text[index] == "." {
            let start = text.index(after: index)
            let end = text[start...].firstIndex { !($0.isLetter || $0.isNumber || $0 == "_") } ?? text.endIndex
            if start == end {
                if names.isEmpty { return ([], start) }
                break
            }
            names.append(String(text[start..<end]))
            index = end
        }
        return (names, index)
    }

    /// A Go string: `"…"` with `\"`, `\\`, `\n`, `\t` escapes, or a raw `` `…` ``.
    private static func string(
        _ text: String, from start: String.Index
    ) throws(TrackerError) -> (
        String, String.Index
    ) {
        let quote = text[start]
        var value = ""
        var index = text.index(after: start)
        while index < text.endIndex {
            let character = text[index]
            if character == quote { return (value, text.index(after: index)) }
            if character == "\\", quote == "\"", text.index(after: index) < text.endIndex {
                index = text.index(after: index)
                let escaped = text[index]
                value.append(escaped == "n" ? "\n" : escaped == "t" ? "\t" : escaped)
            } else {
                value.append(character)
            }
            index = text.index(after: index)
        }
        throw Template.error("a string is not closed: \(text[start...])")
    }
}
