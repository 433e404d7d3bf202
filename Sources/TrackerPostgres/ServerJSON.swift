/// A JSON value as PostgreSQL's json functions write it (`json_agg`, `json_build_object`), read
/// byte by byte. `JSONDecoder`'s generic decoding of each issue's labels and milestone was 7% of
/// `tracker list`'s instructions (issue 34); this reader costs a small part of that. Numbers are
/// kept as their text; the caller reads the kind it expects.
enum ServerJSON: Equatable {
    case string(String)
    case number(String)
    case bool(Bool)
    case null
    case array([ServerJSON])
    case object([String: ServerJSON])

    struct Malformed: Error, CustomStringConvertible {
        let offset: Int
        var description: String { "malformed JSON at byte \(offset)" }
    }

    static func parse(_ text: String) throws(Malformed) -> ServerJSON {
        var reader = Reader(bytes: Array(text.utf8))
        let value = try reader.value()
        reader.skipSpace()
        guard reader.index == reader.bytes.count else { throw Malformed(offset: reader.index) }
        return value
    }

    subscript(key: String) -> ServerJSON? {
        if case .object(let members) = self { members[key] } else { nil }
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        mutating func skipSpace() {
            while index < bytes.count,
                bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x09
                    || bytes[index] == 0x0D
            {
                index += 1
            }
        }

        mutating func value() throws(Malformed) -> ServerJSON {
            skipSpace()
            guard index < bytes.count else { throw Malformed(offset: index) }
            switch bytes[index] {
            case UInt8(ascii: "{"): return try object()
            case UInt8(ascii: "["): return try array()
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): try word("true"); return .bool(true)
            case UInt8(ascii: "f"): try word("false"); return .bool(false)
            case UInt8(ascii: "n"): try word("null"); return .null
            default: return .number(try number())
            }
        }

        private mutating func object() throws(Malformed) -> ServerJSON {
            index += 1
            var members: [String: ServerJSON] = [:]
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            }
            while true {
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw Malformed(offset: index) }
                let key = try string()
                try expect(":")
                members[key] = try value()
                if try separatorOrEnd("}") { return .object(members) }
            }
        }

        private mutating func array() throws(Malformed) -> ServerJSON {
            index += 1
            var elements: [ServerJSON] = []
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(elements)
            }
            while true {
                elements.append(try value())
                if try separatorOrEnd("]") { return .array(elements) }
            }
        }

        /// True after the closing `end`, false after a comma.
        private mutating func separatorOrEnd(_ end: Unicode.Scalar) throws(Malformed) -> Bool {
            skipSpace()
            guard index < bytes.count else { throw Malformed(offset: index) }
            index += 1
            if bytes[index - 1] == UInt8(ascii: ",") { return false }
            guard bytes[index - 1] == UInt8(ascii: end) else { throw Malformed(offset: index - 1) }
            return true
        }

        private mutating func expect(_ character: Unicode.Scalar) throws(Malformed) {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { throw Malformed(offset: index) }
            index += 1
        }

        private mutating func word(_ text: StaticString) throws(Malformed) {
            let count = text.utf8CodeUnitCount
            guard index + count <= bytes.count,
                bytes[index..<index + count].elementsEqual(UnsafeBufferPointer(start: text.utf8Start, count: count))
            else { throw Malformed(offset: index) }
            index += count
        }

        private mutating func number() throws(Malformed) -> String {
            let start = index
            while index < bytes.count, "-+.eE0123456789".utf8.contains(bytes[index]) { index += 1 }
            guard index > start else { throw Malformed(offset: start) }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }

        private mutating func string() throws(Malformed) -> String {
            index += 1
            var text: [UInt8] = []
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "\""): return String(decoding: text, as: UTF8.self)
                case UInt8(ascii: "\\"): try escaped(into: &text)
                default: text.append(byte)
                }
            }
            throw Malformed(offset: index)
        }

        private mutating func escaped(into text: inout [UInt8]) throws(Malformed) {
            guard index < bytes.count else { throw Malformed(offset: index) }
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "b"): text.append(0x08)
            case UInt8(ascii: "f"): text.append(0x0C)
            case UInt8(ascii: "n"): text.append(0x0A)
            case UInt8(ascii: "r"): text.append(0x0D)
            case UInt8(ascii: "t"): text.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex()
                if (0xD800..<0xDC00).contains(scalar), bytes[index...].starts(with: "\\u".utf8) {
                    index += 2
                    let low = try hex()
                    guard (0xDC00..<0xE000).contains(low) else { throw Malformed(offset: index) }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let character = Unicode.Scalar(scalar) else { throw Malformed(offset: index) }
                text.append(contentsOf: String(character).utf8)
            default: text.append(byte)  // " \ /
            }
        }

        private mutating func hex() throws(Malformed) -> UInt32 {
            guard index + 4 <= bytes.count,
                let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
            else { throw Malformed(offset: index) }
            index += 4
            return value
        }
    }
}
