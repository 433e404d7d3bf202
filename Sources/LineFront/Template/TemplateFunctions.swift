import Interchange
import TerminalKit
import TrackerCore

/// The functions `--template` knows (see `Template`).
enum TemplateFunctions {
    static let names: Set<String> = [
        "tablerow", "tablerender", "join", "pluck", "len", "truncate", "timeago", "printf", "index", "eq", "ne", "not",
        "and", "or", "upper", "lower",
    ]

    static func call(_ name: String, _ arguments: [JSONValue], run: inout TemplateRun) throws(TrackerError) -> JSONValue
    {
        func count(_ wanted: Int) throws(TrackerError) {
            guard arguments.count == wanted else {
                throw Template.error(
                    "\(name) takes \(wanted) argument\(wanted == 1 ? "" : "s"), not \(arguments.count)")
            }
        }
        switch name {
        case "tablerow":
            run.table.append(
                arguments.map { run.forProgram ? VisibleText.field(Template.text($0)) : Template.text($0) })
            return .string("")
        case "tablerender":
            run.renderTable()
            return .string("")
        case "join":
            try count(2)
            return .string(
                try list(arguments[1], name).map(Template.text).joined(separator: Template.text(arguments[0])))
        case "pluck":
            try count(2)
            return .array(try list(arguments[1], name).map { TemplateRun.field([Template.text(arguments[0])], of: $0) })
        case "len":
            try count(1)
            return .integer(try length(arguments[0]))
        case "truncate":
            try count(2)
            guard case .integer(let width) = arguments[0], width >= 0 else {
                throw Template.error("truncate takes a width, then the text")
            }
            return .string(Table.cut(Template.text(arguments[1]), to: Int(width)))
        case "timeago":
            try count(1)
            guard let time = Timestamp(iso8601: Template.text(arguments[0])) else {
                throw Template.error("timeago takes an ISO-8601 time, not '\(Template.text(arguments[0]))'")
            }
            return .string(RelativeTime.describe(time, now: run.now))
        case "printf":
            guard let format = arguments.first else { throw Template.error("printf takes a format") }
            return .string(try printf(Template.text(format), Array(arguments.dropFirst())))
        case "index":
            guard let value = arguments.first else { throw Template.error("index takes a value and keys") }
            var found = value
            for key in arguments.dropFirst() { found = try index(found, key) }
            return found
        case "eq", "ne":
            try count(2)
            return .bool((arguments[0] == arguments[1]) == (name == "eq"))
        case "not":
            try count(1)
            return .bool(!Template.isTrue(arguments[0]))
        case "and":
            return arguments.first { !Template.isTrue($0) } ?? arguments.last ?? .bool(true)
        case "or":
            return arguments.first { Template.isTrue($0) } ?? arguments.last ?? .bool(false)
        case "upper", "lower":
            try count(1)
            let text = Template.text(arguments[0])
            return .string(name == "upper" ? text.uppercased() : text.lowercased())
        default:
            throw Template.error("no function '\(name)'")
        }
    }

    private static func list(_ value: JSONValue, _ name: String) throws(TrackerError) -> [JSONValue] {
        switch value {
        case .array(let values): return values
        case .null: return []
        default: throw Template.error("\(name) takes a list, not \(Template.text(value))")
        }
    }

    private static func length(_ value: JSONValue) throws(TrackerError) -> Int64 {
        switch value {
        case .array(let values): Int64(values.count)
        case .object(let members): Int64(members.count)
        case .string(let text): Int64(text.count)
        case .null: 0
        default: throw Template.error("len of \(Template.text(value)), which has no length")
        }
    }

    private static func index(_ value: JSONValue, _ key: JSONValue) throws(TrackerError) -> JSONValue {
        switch (value, key) {
        case (.array(let values), .integer(let position)):
            guard position >= 0, position < values.count else {
                throw Template.error("index \(position) is out of range (\(values.count) items)")
            }
            return values[Int(position)]
        case (.object(let members), .string(let name)): return members[name] ?? .null
        case (.null, _): return .null
        default: throw Template.error("cannot index \(Template.text(value)) with \(Template.text(key))")
        }
    }

    /// Go's `%s`, `%v`, `%d` and `%%`.
    private static func printf(_ format: String, _ arguments: [JSONValue]) throws(TrackerError) -> String {
        var result = ""
        var remaining = arguments[...]
        var iterator = format.makeIterator()
        while let character = iterator.next() {
            guard character == "%" else {
                result.append(character)
                continue
            }
            guard let verb = iterator.next() else { throw Template.error("printf: the format ends in '%'") }
            if verb == "%" {
                result.append("%")
                continue
            }
            guard "svd".contains(verb) else { throw Template.error("printf: '%\(verb)' is not %s, %v, %d or %%") }
            guard let argument = remaining.popFirst() else { throw Template.error("printf: too few arguments") }
            if verb == "d", case .integer = argument {
            } else if verb == "d" {
                throw Template.error("printf: %d of \(Template.text(argument)), not a number")
            }
            result += Template.text(argument)
        }
        return result
    }
}
