import Interchange
import TerminalKit
import TrackerCore

/// `--template`: a command's JSON document formatted with a Go-template subset, as gh's
/// `--template` formats its own (`gh help formatting`):
///
/// - `{{.}}`, `{{.title}}`, `{{.milestone.title}}`: the current value, its fields;
/// - `{{range .}}…{{end}}` (`{{else}}` when empty), `{{if …}}…{{else if …}}…{{else}}…{{end}}`,
///   `{{with …}}…{{end}}`; `{{- … -}}` trims white space beside it; `{{/* a comment */}}`;
/// - pipelines `a | b` and `(…)` groups; strings in `"…"` or `` `…` ``, numbers, `true`,
///   `false`, `nil`;
/// - functions: `tablerow` and `tablerender` (columns lined up on a terminal, tab-separated for
///   a program, as gh's), `join SEP LIST`, `pluck FIELD LIST`, `len`, `truncate N TEXT`,
///   `timeago TIME`, `printf FORMAT ARGS` (`%s`, `%d`, `%v`, `%%`), `index`, `eq`, `ne`, `not`,
///   `and`, `or`, `upper`, `lower`.
///
/// Values print as text (strings as they are, numbers, `true`/`false`, `nil` as nothing), arrays
/// and objects as compact JSON. A mistake in the template is `.invalidInput` on `--template`.
public struct Template: Sendable {
    /// How deep blocks and parentheses may nest, together (Go's text/template allows 10,000; a
    /// template a person writes nests a few).
    public static let maximumDepth = 100

    let nodes: [TemplateNode]

    public init(_ source: String) throws(TrackerError) {
        nodes = try TemplateParser.parse(source)
    }

    /// The text for `value`; `forProgram`: `tablerow` separates columns with tabs.
    public func render(_ value: JSONValue, forProgram: Bool, now: Timestamp = .now()) throws(TrackerError) -> String {
        var run = TemplateRun(forProgram: forProgram, now: now)
        try run.evaluate(nodes, dot: value, depth: 0)
        run.renderTable()
        return run.output
    }

    static func error(_ rule: String) -> TrackerError { .invalidInput(field: "--template", rule: rule) }

    static var tooDeep: TrackerError {
        error("blocks and parentheses nest more than \(maximumDepth) deep; write it flatter")
    }

    /// Go's truth: false, 0, nil and empty strings, arrays and objects are false.
    static func isTrue(_ value: JSONValue) -> Bool {
        switch value {
        case .null: false
        case .bool(let value): value
        case .integer(let value): value != 0
        case .string(let value): !value.isEmpty
        case .array(let values): !values.isEmpty
        case .object(let members): !members.isEmpty
        }
    }

    /// How a value prints.
    static func text(_ value: JSONValue) -> String {
        switch value {
        case .null: ""
        case .bool(let value): value ? "true" : "false"
        case .integer(let value): String(value)
        case .string(let value): value
        case .array, .object: String(value.line.dropLast())
        }
    }
}

/// One rendering: the text so far and the table rows not yet rendered.
struct TemplateRun {
    let forProgram: Bool
    let now: Timestamp
    var output = ""
    var table: [[String]] = []

    init(forProgram: Bool, now: Timestamp) {
        self.forProgram = forProgram
        self.now = now
    }

    /// `depth`: how many blocks and groups in, checked again here (the parser refuses a deeper
    /// template) because each is a call deeper.
    mutating func evaluate(_ nodes: [TemplateNode], dot: JSONValue, depth: Int) throws(TrackerError) {
        guard depth <= Template.maximumDepth else { throw Template.tooDeep }
        for node in nodes {
            switch node {
            case .text(let text): output += text
            case .action(let pipeline):
                let value = try self.value(of: pipeline, dot: dot, depth: depth)
                output += Template.text(value)
            case .range(let pipeline, let body, let otherwise):
                let elements: [JSONValue]
                switch try value(of: pipeline, dot: dot, depth: depth) {
                case .array(let values): elements = values
                case .object(let members): elements = members.sorted { $0.key < $1.key }.map(\.value)
                case .null: elements = []
                case let other: throw Template.error("range over \(Template.text(other)), not a list")
                }
                if elements.isEmpty { try evaluate(otherwise, dot: dot, depth: depth + 1) }
                for element in elements { try evaluate(body, dot: element, depth: depth + 1) }
            case .choice(let branches, let otherwise):
                var chosen = otherwise
                for branch in branches where Template.isTrue(try value(of: branch.condition, dot: dot, depth: depth)) {
                    chosen = branch.body
                    break
                }
                try evaluate(chosen, dot: dot, depth: depth + 1)
            case .with(let pipeline, let body, let otherwise):
                let value = try self.value(of: pipeline, dot: dot, depth: depth)
                let isTrue = Template.isTrue(value)
                try evaluate(isTrue ? body : otherwise, dot: isTrue ? value : dot, depth: depth + 1)
            }
        }
    }

    mutating func value(of pipeline: TemplatePipeline, dot: JSONValue, depth: Int) throws(TrackerError) -> JSONValue {
        guard depth <= Template.maximumDepth else { throw Template.tooDeep }
        var piped: JSONValue?
        for command in pipeline.commands {
            piped = try value(of: command, dot: dot, piped: piped, depth: depth)
        }
        return piped ?? .null
    }

    private mutating func value(
        of command: TemplateCommand, dot: JSONValue, piped: JSONValue?, depth: Int
    ) throws(TrackerError) -> JSONValue {
        guard case .function(let name) = command.words[0] else {
            guard command.words.count == 1, piped == nil else {
                throw Template.error("only a function takes arguments, not \(command.words[0])")
            }
            return try value(of: command.words[0], dot: dot, depth: depth)
        }
        var arguments: [JSONValue] = []
        for word in command.words.dropFirst() { arguments.append(try value(of: word, dot: dot, depth: depth)) }
        if let piped { arguments.append(piped) }
        return try TemplateFunctions.call(name, arguments, run: &self)
    }

    private mutating func value(of word: TemplateWord, dot: JSONValue, depth: Int) throws(TrackerError) -> JSONValue {
        switch word {
        case .field(let path): return Self.field(path, of: dot)
        case .group(let pipeline, let path):
            return Self.field(path, of: try value(of: pipeline, dot: dot, depth: depth + 1))
        case .string(let value): return .string(value)
        case .integer(let value): return .integer(value)
        case .bool(let value): return .bool(value)
        case .null: return .null
        case .function(let name): return try TemplateFunctions.call(name, [], run: &self)
        }
    }

    /// A missing field is nil, as Go's is for a map.
    static func field(_ path: [String], of value: JSONValue) -> JSONValue {
        path.reduce(value) { value, name in
            if case .object(let members) = value { members[name] ?? .null } else { .null }
        }
    }

    /// The rows `tablerow` collected: columns lined up (by display width) for a person, tabs for
    /// a program.
    mutating func renderTable() {
        guard !table.isEmpty else { return }
        if forProgram {
            output += table.map { $0.joined(separator: "\t") + "\n" }.joined()
        } else {
            let columns = table.map(\.count).max() ?? 0
            let widths = (0..<columns).map { column in
                table.map { column < $0.count ? DisplayWidth.of($0[column]) : 0 }.max() ?? 0
            }
            for row in table {
                let cells = row.enumerated().map { column, cell in
                    column == row.count - 1
                        ? cell : cell + String(repeating: " ", count: widths[column] - DisplayWidth.of(cell))
                }
                output += cells.joined(separator: "  ") + "\n"
            }
        }
        table = []
    }
}
