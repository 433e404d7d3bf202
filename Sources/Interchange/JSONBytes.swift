/// Compact JSON written as bytes with Foundation's `JSONSerialization` rules on Linux
/// (`.withoutEscapingSlashes`): `"` and `\` escaped, `\b \f \n \r \t` by name, other control
/// characters as `\u00xx` in lowercase hex, everything else as UTF-8.
enum JSONBytes {
    /// Writes `{`, then `,` before every key after the first; `close` writes `}`.
    struct Object {
        private var first = true

        init(_ out: inout [UInt8]) { out.append(UInt8(ascii: "{")) }

        mutating func key(_ name: String, into out: inout [UInt8]) {
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
            JSONBytes.string(name, into: &out)
            out.append(UInt8(ascii: ":"))
        }

        func close(_ out: inout [UInt8]) { out.append(UInt8(ascii: "}")) }
    }

    /// `.sortedKeys`' order for keys of ASCII letters: case-insensitive, then by code point.
    static func keyPrecedes(_ left: String, _ right: String) -> Bool {
        let (lower, otherLower) = (left.lowercased(), right.lowercased())
        return lower != otherLower ? lower.utf8.lexicographicallyPrecedes(otherLower.utf8) : left < right
    }

    static func array<Element>(
        _ elements: [Element], into out: inout [UInt8], _ element: (Element, inout [UInt8]) -> Void
    ) {
        out.append(UInt8(ascii: "["))
        for (index, value) in elements.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            element(value, &out)
        }
        out.append(UInt8(ascii: "]"))
    }

    static func null(_ out: inout [UInt8]) { out += [0x6E, 0x75, 0x6C, 0x6C] }

    static func integer(_ value: Int64, into out: inout [UInt8]) { out += String(value).utf8 }

    static func optionalString(_ value: String?, into out: inout [UInt8]) {
        if let value { string(value, into: &out) } else { null(&out) }
    }

    static func string(_ value: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        if !value.utf8.contains(where: needsEscape) {
            out.append(contentsOf: value.utf8)
            out.append(UInt8(ascii: "\""))
            return
        }
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out += [0x5C, 0x22]
            case UInt8(ascii: "\\"): out += [0x5C, 0x5C]
            case 0x08: out += [0x5C, UInt8(ascii: "b")]
            case 0x0C: out += [0x5C, UInt8(ascii: "f")]
            case 0x0A: out += [0x5C, UInt8(ascii: "n")]
            case 0x0D: out += [0x5C, UInt8(ascii: "r")]
            case 0x09: out += [0x5C, UInt8(ascii: "t")]
            case 0..<0x20:
                out += Array("\\u00".utf8)
                out += [hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]]
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}
