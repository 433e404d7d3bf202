import TrackerCore

/// Reads `--template` text into nodes: the text between actions, the actions, and the blocks
/// `range`, `if`, `with` (each with `else`, `if` with `else if`) closed by `end`. `{{-` and
/// `-}}` trim the white space beside them; `{{/* … */}}` is a comment. Blocks and parentheses
/// nest at most `Template.maximumDepth` deep, together: each level is a call deeper here and when
/// rendering, and thousands of them ran out of stack.
enum TemplateParser {
    /// A piece of the template: text, or an action's inside.
    private enum Piece {
        case text(String)
        case action(String)
    }

    static func parse(_ source: String) throws(TrackerError) -> [TemplateNode] {
        var pieces = try split(source)[...]
        let (nodes, end) = try block(&pieces, depth: 0)
        if let end { throw Template.error("'{{\(end)}}' with no block to close") }
        return nodes
    }

    private static func split(_ source: String) throws(TrackerError) -> [Piece] {
        var pieces: [Piece] = []
        var rest = Substring(source)
        while let open = rest.firstRange(of: "{{") {
            var text = String(rest[..<open.lowerBound])
            var inside = rest[open.upperBound...]
            guard let close = inside.firstRange(of: "}}") else { throw Template.error("'{{' is not closed with '}}'") }
            var action = String(inside[..<close.lowerBound])
            inside = inside[close.upperBound...]
            if action.hasPrefix("-") {
                action.removeFirst()
                text = String(text.reversed().drop { $0.isWhitespace }.reversed())
            }
            if action.hasSuffix("-") {
                action.removeLast()
                inside = inside.drop { $0.isWhitespace }
            }
            if !text.isEmpty { pieces.append(.text(text)) }
            let trimmed = action.trimmed
            if !(trimmed.hasPrefix("/*") && trimmed.hasSuffix("*/")) { pieces.append(.action(trimmed)) }
            rest = inside
        }
        if !rest.isEmpty { pieces.append(.text(String(rest))) }
        return pieces
    }

    /// Nodes up to an `else…` or `end` (returned, without the word `else`/`end` consumed twice),
    /// `depth` blocks in.
    private static func block(
        _ pieces: inout ArraySlice<Piece>, depth: Int
    ) throws(TrackerError) -> ([TemplateNode], String?) {
        guard depth <= Template.maximumDepth else { throw Template.tooDeep }
        var nodes: [TemplateNode] = []
        while let piece = pieces.popFirst() {
            guard case .action(let action) = piece else {
                if case .text(let text) = piece { nodes.append(.text(text)) }
                continue
            }
            let (keyword, rest) = split(keyword: action)
            switch keyword {
            case "end", "else": return (nodes, action)
            case "range":
                let (body, otherwise) = try bodies(&pieces, opening: action, depth: depth + 1)
                nodes.append(.range(try pipeline(rest, depth: depth), body: body, otherwise: otherwise))
            case "with":
                let (body, otherwise) = try bodies(&pieces, opening: action, depth: depth + 1)
                nodes.append(.with(try pipeline(rest, depth: depth), body: body, otherwise: otherwise))
            case "if":
                nodes.append(try choice(condition: rest, &pieces, depth: depth))
            default:
                nodes.append(.action(try pipeline(action, depth: depth)))
            }
        }
        return (nodes, nil)
    }

    /// A block's body and its `else` part, through `end`.
    private static func bodies(
        _ pieces: inout ArraySlice<Piece>, opening: String, depth: Int
    ) throws(TrackerError) -> ([TemplateNode], [TemplateNode]) {
        let (body, end) = try block(&pieces, depth: depth)
        switch end {
        case "end": return (body, [])
        case "else":
            let (otherwise, last) = try block(&pieces, depth: depth)
            guard last == "end" else { throw Template.error("'{{\(opening)}}' has no '{{end}}'") }
            return (body, otherwise)
        default: throw Template.error("'{{\(opening)}}' has no '{{end}}'")
        }
    }

    private static func choice(
        condition: String, _ pieces: inout ArraySlice<Piece>, depth: Int
    ) throws(TrackerError) -> TemplateNode {
        var branches: [TemplateBranch] = []
        var condition = condition
        while true {
            let (body, end) = try block(&pieces, depth: depth + 1)
            branches.append(TemplateBranch(condition: try pipeline(condition, depth: depth), body: body))
            guard let end else { throw Template.error("'{{if \(condition)}}' has no '{{end}}'") }
            if end == "end" { return .choice(branches: branches, otherwise: []) }
            let (keyword, rest) = split(keyword: end)
            let (elseWord, elseRest) = split(keyword: rest)
            if keyword == "else", elseWord == "if" {
                condition = elseRest
                continue
            }
            guard keyword == "else", rest.isEmpty else { throw Template.error("unexpected '{{\(end)}}'") }
            let (otherwise, last) = try block(&pieces, depth: depth + 1)
            guard last == "end" else { throw Template.error("'{{if \(condition)}}' has no '{{end}}'") }
            return .choice(branches: branches, otherwise: otherwise)
        }
    }

    private static func split(keyword action: String) -> (String, String) {
        let keyword = String(action.prefix { !$0.isWhitespace })
        return (keyword, String(action.dropFirst(keyword.count)).trimmed)
    }

    /// An action's pipeline, `depth` blocks in.
    static func pipeline(_ text: String, depth: Int) throws(TrackerError) -> TemplatePipeline {
        var tokens = try TemplateLexer.tokens(text)[...]
        let result = try pipeline(&tokens, depth: depth)
        if let extra = tokens.first { throw Template.error("unexpected \(extra) in '{{\(text)}}'") }
        return result
    }

    private static func pipeline(
        _ tokens: inout ArraySlice<TemplateToken>, depth: Int
    ) throws(TrackerError) -> TemplatePipeline {
        guard depth <= Template.maximumDepth else { throw Template.tooDeep }
        var commands: [TemplateCommand] = []
        var words: [TemplateWord] = []
        func finish() throws(TrackerError) {
            guard !words.isEmpty else { throw Template.error("an empty command in a pipeline") }
            commands.append(TemplateCommand(words: words))
            words = []
        }
        loop: while let token = tokens.first {
            switch token {
            case .close: break loop
            case .pipe:
                tokens.removeFirst()
                try finish()
            case .open:
                tokens.removeFirst()
                let inner = try pipeline(&tokens, depth: depth + 1)
                guard case .close(let path)? = tokens.popFirst() else { throw Template.error("'(' is not closed") }
                words.append(.group(inner, path: path))
            case .field(let path):
                tokens.removeFirst()
                words.append(.field(path))
            case .string(let value):
                tokens.removeFirst()
                words.append(.string(value))
            case .integer(let value):
                tokens.removeFirst()
                words.append(.integer(value))
            case .word(let name):
                tokens.removeFirst()
                switch name {
                case "true", "false": words.append(.bool(name == "true"))
                case "nil": words.append(.null)
                default:
                    guard TemplateFunctions.names.contains(name) else {
                        throw Template.error(
                            "no function '\(name)'; there are \(TemplateFunctions.names.sorted().joined(separator: ", "))"
                        )
                    }
                    words.append(.function(name))
                }
            }
        }
        try finish()
        return TemplatePipeline(commands: commands)
    }
}
