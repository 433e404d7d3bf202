import Foundation
import TrackerTestSupport

/// Generates gh-shaped import files full of edge cases: numbers at and past every limit, times
/// at and past both ends of the range in every offset form, leap days and seconds, NUL and
/// escapes in every string field, contradictory state/reason pairs, duplicate numbers, unknown
/// fields, wrong JSON types, deep nesting, huge strings and byte order marks. Values are JSON
/// text, so wrong types and raw escapes can be written exactly.
struct ImportFileGenerator {
    var random: SeededGenerator

    static let hostile = [
        #""\u001b[31mred\u001b]0;pwned\u0007""#, #""nul\u0000byte""#, #""c1 \u009b2J""#, #""bell\u0007""#,
        #""e\u0301\u0301\u0301""#, #""🐘👩‍💻""#, #""ログイン""#, #""   ""#, #""""#, #""\ud800""#,
    ]

    /// Most values are ordinary; one in `wild` is drawn from the hostile pool.
    var wild = 20

    var goesWild: Bool { mutating get { Int.random(in: 0..<wild, using: &random) == 0 } }

    mutating func string(maximum: Int) -> String {
        guard goesWild else {
            return "\"" + random.pick(["Crash on start", "Typo", "ok", "Ünïcödé ok", "a\\nb"]) + "\""
        }
        switch Int.random(in: 0..<5, using: &random) {
        case 0: return random.pick(Self.hostile)
        case 1: return "\"" + String(repeating: "x", count: maximum) + "\""
        case 2: return "\"" + String(repeating: "é", count: maximum + 1) + "\""
        case 3: return random.pick(["1", "null", "true", "[]", "{}"])
        default: return "\"" + random.pick(["Crash on start", "Typo", "ok", "Ünïcödé ok", "a\\nb"]) + "\""
        }
    }

    mutating func number(previous: [String]) -> String? {
        guard goesWild else { return String(Int.random(in: 1...100_000, using: &random)) }
        switch Int.random(in: 0..<12, using: &random) {
        case 0: return nil
        case 1: return "0"
        case 2: return "-1"
        case 3: return "2147483647"
        case 4: return "2147483648"
        case 5: return "9223372036854775807"
        case 6: return "9223372036854775808"
        case 7: return "1.5"
        case 8: return "\"12\""
        case 9: return previous.isEmpty ? "1" : random.pick(previous)
        default: return String(Int.random(in: 1...100_000, using: &random))
        }
    }

    mutating func time() -> String {
        let dates = [
            "2024-02-29", "2023-02-29", "2023-02-31", "0001-01-01", "0000-12-31", "9999-12-31", "1582-10-10",
            "1500-03-01", "2024-13-01", "2024-1-01", "10000-01-01",
        ]
        let clocks = [
            "00:00:00", "23:59:59", "23:59:60", "24:00:00", "12:34:56.5", "12:34:56.123456", "12:34:56.1234567",
        ]
        let offsets = ["Z", "z", "+00:00", "-01:00", "+14:00", "+15:59", "+16:00", "+99:99", "+0530", "-03", ""]
        guard goesWild else {
            let day = String(Int.random(in: 10...28, using: &random))
            return "\"\(random.pick(["1999", "2024", "0001", "9999"]))-0\(Int.random(in: 1...9, using: &random))-\(day)"
                + "T\(random.pick(Array(clocks.prefix(2))))\(random.pick(["Z", "+02:00", "-0500"]))\""
        }
        switch Int.random(in: 0..<12, using: &random) {
        case 0: return random.pick(["null", "1700000000", "\"yesterday\"", #""2024-01-01T00:00:00Z\u001b]0;x\u0007""#])
        default:
            let separator = random.chance(85) ? "T" : " "
            return "\"\(random.pick(dates))\(separator)\(random.pick(clocks))\(random.pick(offsets))\""
        }
    }

    mutating func person() -> String {
        guard goesWild else { return "{\"login\": \"\(random.pick(["alice", "Bob", "carol", "dev-1", "x"]))\"}" }
        switch Int.random(in: 0..<10, using: &random) {
        case 0: return "null"
        case 1: return "\"alice\""
        case 2: return "{}"
        case 3: return #"{"login": "bad_login"}"#
        case 4: return "{\"login\": \"\(String(repeating: "a", count: 40))\"}"
        case 5: return #"{"login": "a\u001b]0;x"}"#
        default: return "{\"login\": \"\(random.pick(["alice", "Bob", "carol", "dev-1", "x"]))\"}"
        }
    }

    mutating func record(previous: inout [String]) -> String {
        var fields: [String] = []
        if let number = number(previous: previous) {
            fields.append("\"number\": \(number)")
            previous.append(number)
        }
        if random.chance(95) { fields.append("\"title\": \(string(maximum: 256))") }
        if random.chance(70) { fields.append("\"body\": \(string(maximum: 65_536))") }
        if random.chance(90) {
            let state =
                goesWild
                ? random.pick(["\"open\"", "\"closed\"", "\"MERGED\"", "null", "1", Self.hostile[0]])
                : random.pick(["\"OPEN\"", "\"CLOSED\""])
            fields.append("\"state\": \(state)")
        }
        if random.chance(60) {
            let reason =
                goesWild
                ? random.pick(["\"\"", "\"REOPENED\"", "\"not_planned\"", "\"DUPLICATE\"", "[]", Self.hostile[0]])
                : random.pick(["null", "\"COMPLETED\"", "\"NOT_PLANNED\""])
            fields.append("\"stateReason\": \(reason)")
        }
        if random.chance(95) { fields.append("\"author\": \(person())") }
        if random.chance(60) {
            let count = goesWild ? random.pick([10, 11, 12]) : random.pick([0, 1, 2])
            let people = (0..<count).map { _ in person() }
            fields.append("\"assignees\": [\(people.joined(separator: ", "))]")
        }
        if random.chance(95) { fields.append("\"createdAt\": \(time())") }
        if random.chance(60) { fields.append("\"updatedAt\": \(time())") }
        if random.chance(40) { fields.append("\"closedAt\": \(time())") }
        if random.chance(10) {
            fields.append("\"labels\": [{\"name\": \"bug\"}], \"url\": \"https://example.invalid\"")
        }
        if random.chance(3) {
            let depth = random.pick([10, 600, 5000])
            fields.append("\"extra\": " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth))
        }
        return "{" + fields.shuffled(using: &random).joined(separator: ", ") + "}"
    }

    /// A whole file: a JSON array or JSON Lines, sometimes with a BOM.
    mutating func file() -> String {
        var previous: [String] = []
        let count = random.pick([1, 1, 2, 3, 5])
        let records = (0..<count).map { _ in record(previous: &previous) }
        let body =
            random.chance(70) ? "[\n" + records.joined(separator: ",\n") + "\n]" : records.joined(separator: "\n")
        return (random.chance(10) ? "\u{FEFF}" : "") + body
    }
}
