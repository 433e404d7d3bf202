import Foundation
import Interchange
import Testing
import TrackerTestSupport

/// `JSONValue` replaced `JSONSerialization` in the binary: its text must stay byte for byte what
/// `JSONSerialization` writes with the options tracker used, which these tests ask it directly.
@Suite struct JSONValueTests {
    /// tracker's keys are field names, none two that differ only in case (where JSONSerialization's
    /// order follows the dictionary's).
    static let keys = ["a", "B", "number", "createdAt", "created", "ID", "stateReason", "state", "z"]
    static let strings = [
        "", "plain", "quote \" backslash \\ slash /", "line\nbreak\ttab\r", "\u{0}\u{1}\u{8}\u{C}\u{1F}\u{7F}",
        "café ログイン 🧪", "e\u{301}", "\u{2028}\u{2029}",
    ]

    /// The same value as the Foundation objects `JSONSerialization` takes.
    func foundationObject(_ value: JSONValue) -> Any {
        switch value {
        case .string(let text): text
        case .integer(let number): number
        case .bool(let flag): flag
        case .null: NSNull()
        case .array(let elements): elements.map(foundationObject)
        case .object(let members): members.mapValues(foundationObject)
        }
    }

    func serialized(_ value: JSONValue, pretty: Bool) throws -> String {
        let options: JSONSerialization.WritingOptions =
            pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        let data = try JSONSerialization.data(withJSONObject: foundationObject(value), options: options)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// A value of up to `depth` levels drawn from `generator`, containers at the top.
    func randomValue(depth: Int, using generator: inout some RandomNumberGenerator) -> JSONValue {
        let kind = depth == 0 ? Int.random(in: 0..<4, using: &generator) : Int.random(in: 4..<6, using: &generator)
        switch kind {
        case 0: return .string(Self.strings.randomElement(using: &generator) ?? "")
        case 1: return .integer([Int64.min, -1, 0, 7, Int64.max].randomElement(using: &generator) ?? 0)
        case 2: return .bool(Bool.random(using: &generator))
        case 3: return .null
        case 4:
            let count = Int.random(in: 0..<4, using: &generator)
            return .array((0..<count).map { _ in randomValue(depth: depth - 1, using: &generator) })
        default:
            let count = Int.random(in: 0..<5, using: &generator)
            var members: [String: JSONValue] = [:]
            for _ in 0..<count {
                let key = Self.keys.randomElement(using: &generator) ?? "a"
                members[key] = randomValue(depth: Int.random(in: 0..<depth, using: &generator), using: &generator)
            }
            return .object(members)
        }
    }

    @Test func emptyContainersAndScalarsAtTheTopMatchJSONSerialization() throws {
        for value: JSONValue in [[], [:], [[], [:]], ["k": [], "j": [:]], ["s": "x", "n": nil, "b": true]] {
            #expect(value.pretty == (try serialized(value, pretty: true)))
            #expect(value.line == (try serialized(value, pretty: false)))
        }
    }

    @Test func randomDocumentsAreByteForByteWhatJSONSerializationWrites() throws {
        var generator = SeededGenerator(seed: 13)
        for _ in 0..<500 {
            let value = randomValue(depth: Int.random(in: 1...4, using: &generator), using: &generator)
            let pretty = try serialized(value, pretty: true)
            #expect(value.pretty == pretty, "pretty: \(pretty)")
            let line = try serialized(value, pretty: false)
            #expect(value.line == line, "line: \(line)")
        }
    }
}
