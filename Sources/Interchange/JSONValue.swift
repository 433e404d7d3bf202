/// A JSON document as tracker prints it, written with `JSONSerialization`'s rules on Linux
/// (`.sortedKeys`, `.withoutEscapingSlashes`, and for `pretty` its `.prettyPrinted` layout) so
/// the output stays byte for byte what it was while needing no more than FoundationEssentials.
public indirect enum JSONValue: Sendable, Equatable {
    case string(String)
    case integer(Int64)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([String: JSONValue])

    /// On one line, ending in a line break (JSON Lines).
    public var line: String { text(pretty: false) }

    /// Two-space indentation and `"key" : value`, ending in a line break.
    public var pretty: String { text(pretty: true) }

    private func text(pretty: Bool) -> String {
        var out: [UInt8] = []
        write(into: &out, indent: pretty ? 0 : nil)
        out.append(UInt8(ascii: "\n"))
        return String(decoding: out, as: UTF8.self)
    }

    /// `indent` is the current depth when pretty-printing, nil on one line.
    private func write(into out: inout [UInt8], indent: Int?) {
        switch self {
        case .string(let value): JSONBytes.string(value, into: &out)
        case .integer(let value): JSONBytes.integer(value, into: &out)
        case .bool(let value): out += (value ? "true" : "false").utf8
        case .null: JSONBytes.null(&out)
        case .array(let elements):
            Self.container(elements, open: "[", close: "]", into: &out, indent: indent) { element, out, depth in
                element.write(into: &out, indent: depth)
            }
        case .object(let members):
            let sorted = members.sorted { JSONBytes.keyPrecedes($0.key, $1.key) }
            Self.container(sorted, open: "{", close: "}", into: &out, indent: indent) { member, out, depth in
                JSONBytes.string(member.key, into: &out)
                out += (depth == nil ? ":" : " : ").utf8
                member.value.write(into: &out, indent: depth)
            }
        }
    }

    /// `JSONSerialization`'s layout: pretty containers open and close on their own lines even
    /// when empty (`[`, a blank line, `]`).
    private static func container<Element>(
        _ elements: [Element], open: Unicode.Scalar, close: Unicode.Scalar, into out: inout [UInt8], indent: Int?,
        _ element: (Element, inout [UInt8], Int?) -> Void
    ) {
        out.append(UInt8(ascii: open))
        let inner = indent.map { $0 + 1 }
        if inner != nil { out.append(UInt8(ascii: "\n")) }
        for (index, value) in elements.enumerated() {
            if index > 0 { out += (inner == nil ? "," : ",\n").utf8 }
            if let inner { out += repeatElement(UInt8(ascii: " "), count: 2 * inner) }
            element(value, &out, inner)
        }
        if let indent {
            out.append(UInt8(ascii: "\n"))
            out += repeatElement(UInt8(ascii: " "), count: 2 * indent)
        }
        out.append(UInt8(ascii: close))
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByNilLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(nilLiteral: ()) { self = .null }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }

    /// Later duplicates win, as in a dictionary literal merged with `{ $1 }`.
    public init(dictionaryLiteral members: (String, JSONValue)...) {
        self = .object(Dictionary(members, uniquingKeysWith: { $1 }))
    }
}
