import Foundation
import Testing
import TrackerCore

@testable import Interchange

/// A large JSON array is decoded in runs on every core (issue 13's import); what comes out must
/// be exactly what decoding it in one piece gives, errors included.
@Suite struct ParallelIssueDecodingTests {
    /// Titles and bodies full of what a careless cutter would cut at: brackets, braces, commas,
    /// quotes and backslashes before quotes.
    static func record(_ number: Int, title: String? = nil) -> String {
        let hostile = #"a \"quoted\" ], [ {\"x\": 1}, \\"#
        let title = title ?? #"Issue \#(number) \#(hostile)"#
        return """
            {"number": \(number), "title": "\(title)", "body": "\(hostile) \\\\\\" ,]} \(number)",
             "author": {"login": "user\(number % 7)"}, "assignees": [{"login": "bob"}],
             "labels": [{"name": "bug, \\"big\\" ]", "color": "ff0000"}],
             "comments": [{"author": {"login": "carol"}, "body": "[{,\\\\\\"}]", "createdAt": "2024-01-01T00:00:00Z"}],
             "createdAt": "2024-01-02T03:04:05Z"}
            """
    }

    static func array(_ records: [String]) -> Data { Data("[\n  \(records.joined(separator: ",\n  "))\n]\n".utf8) }

    static let records = (1...6_000).map { record($0) }

    @Test func theRunsHoldEveryRecordOnceInOrderWhateverTheirText() throws {
        let data = Self.array(Self.records)
        #expect(data.count > ParallelIssueDecoding.minimumBytes, "large enough to be cut")
        let ranges = try #require(
            data.withUnsafeBytes { JSONArrayRuns.ranges(in: $0, count: 8, minimumLength: 1 << 16) })
        #expect(ranges.count == 8)
        let wholes = try JSONSerialization.jsonObject(with: data) as? [[String: Any]]
        let pieces = try ranges.flatMap { range in
            try #require(
                try JSONSerialization.jsonObject(with: Data("[".utf8) + data[range] + Data("]".utf8))
                    as? [[String: Any]])
        }
        #expect(pieces.compactMap { $0["number"] as? Int } == Array(1...6_000))
        #expect(pieces.compactMap { $0["title"] as? String } == wholes?.compactMap { $0["title"] as? String })
    }

    @Test func theIssuesEqualThoseReadOneLineAtATime() throws {
        let inRuns = try IssueImportParser.parse(Self.array(Self.records))
        let lineByLine = try IssueImportParser.parse(
            Data(Self.records.map { $0.replacingOccurrences(of: "\n", with: " ") }.joined(separator: "\n").utf8))
        #expect(inRuns.count == 6_000)
        #expect(inRuns == lineByLine)
        #expect(inRuns[5_999].comments.first?.body == #"[{,\"}]"#)
    }

    func failure(_ data: Data) -> String? {
        do {
            _ = try IssueImportParser.parse(data)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func aBadRecordInALaterRunIsNamedByItsPlaceInTheWholeFile() throws {
        var records = Self.records
        records[5_000] = Self.record(5_001, title: "")
        records[5_500] = Self.record(5_501, title: String(repeating: "x", count: 300))
        let message = try #require(failure(Self.array(records)))
        #expect(message.hasPrefix("invalid record 5001 title: cannot be empty"), "the first bad record: \(message)")
    }

    @Test func aRecordThatDoesNotDecodeIsReportedAsTheWholeFilesDecoderReportsIt() throws {
        var records = Self.records
        records[4_000] = records[4_000].replacingOccurrences(of: #""number": 4001"#, with: #""number": "x""#)
        let message = try #require(failure(Self.array(records)))
        #expect(message.contains("record 4001 number"), "\(message)")
    }

    @Test func textAfterTheArrayOrAnUnclosedOneIsLeftToTheWholeDecoder() {
        let data = Self.array(Self.records)
        for broken in [data + Data("x".utf8), data.dropLast(2), Data("{".utf8) + data] {
            let ranges = broken.withUnsafeBytes { JSONArrayRuns.ranges(in: $0, count: 4, minimumLength: 1) }
            #expect(ranges == nil)
            #expect(throws: TrackerError.self) { try IssueImportParser.parse(broken) }
        }
    }
}
