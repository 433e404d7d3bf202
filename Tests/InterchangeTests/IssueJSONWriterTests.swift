import Foundation
import Interchange
import Testing
import TrackerCore
import TrackerTestSupport

/// The streaming writer must give exactly the bytes of the dictionary encoder it replaced in
/// `export` and `list --json`: an export from before and after must stay byte-identical.
@Suite struct IssueJSONWriterTests {
    /// Every control character, JSON's own escapes, a slash, DEL, line and paragraph separators,
    /// combining marks, CJK, emoji and a lone high code point.
    static let hostileTexts = [
        "", "plain", "quote \" and backslash \\ and slash /",
        String((UInt8(0)..<32).map { Character(Unicode.Scalar($0)) }),
        "del \u{7F} sep \u{2028}\u{2029}", "e\u{301} café ログイン 👩‍💻 \u{10FFFF}", "{\"json\":[1,2]}",
        "tab\there\r\nline",
    ]

    func timestamp(_ generator: inout SeededGenerator) throws -> Timestamp {
        let micros = Int64.random(in: -62_135_596_800_000_000...253_402_300_799_999_999, using: &generator)
        return try #require(Timestamp(microseconds: generator.chance(50) ? micros - micros % 1_000_000 : micros))
    }

    func text(_ generator: inout SeededGenerator) -> String {
        generator.pick(Self.hostileTexts) + generator.pick(Self.hostileTexts)
    }

    func issue(_ generator: inout SeededGenerator) throws -> TrackerCore.Issue {
        let logins = try ["alice", "Bob", "carol-x", "D1"].map { try Login($0) }
        let closed = generator.chance(50)
        let labels = try (0..<Int.random(in: 0...3, using: &generator)).map { index in
            try Label(
                name: try LabelName("label \(index) ✓"), description: generator.chance(50) ? "" : "Broken / \"bad\"")
        }
        let milestone = IssueMilestone(
            number: try MilestoneNumber(Int64.random(in: 1...1_000_000, using: &generator)),
            title: try MilestoneTitle("v1.0 «beta»"), description: text(&generator),
            dueOn: generator.chance(50) ? try timestamp(&generator) : nil, state: generator.pick([.open, .closed]))
        let number = try IssueNumber(Int64.random(in: 1...9_007_199_254_740_991, using: &generator))
        let comments = try (0..<Int.random(in: 0...3, using: &generator)).map { index in
            Comment(
                id: try CommentID(Int64(index + 1)), issue: number, author: generator.pick(logins),
                body: text(&generator), createdAt: try timestamp(&generator), updatedAt: try timestamp(&generator))
        }
        return TrackerCore.Issue(
            number: number, title: text(&generator), body: text(&generator), state: closed ? .closed : .open,
            stateReason: closed ? generator.pick([.completed, .notPlanned]) : nil, author: generator.pick(logins),
            assignees: (0..<Int.random(in: 0...3, using: &generator)).map { _ in generator.pick(logins) },
            createdAt: try timestamp(&generator), updatedAt: try timestamp(&generator),
            closedAt: closed ? try timestamp(&generator) : nil, comments: generator.chance(80) ? comments : nil,
            labels: labels, milestone: generator.chance(50) ? milestone : nil)
    }

    @Test(arguments: 0..<20)
    func writesTheDictionaryEncodersBytes(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        for _ in 0..<50 {
            let issue = try issue(&generator)
            let fields =
                generator.chance(30)
                ? IssueField.listFields
                : IssueField.listFields.filter { _ in generator.chance(50) }.shuffled(using: &generator)
            var written: [UInt8] = []
            IssueJSONWriter(fields: fields).write(issue, into: &written)
            let expected = IssueJSON.encodeLine(IssueJSON.object(issue, fields: fields))
            #expect(String(decoding: written, as: UTF8.self) + "\n" == expected, "fields \(fields)")
        }
    }

    @Test func repeatedFieldsAreWrittenOnce() throws {
        var generator = SeededGenerator(seed: 99)
        let issue = try issue(&generator)
        var written: [UInt8] = []
        IssueJSONWriter(fields: [.title, .number, .title]).write(issue, into: &written)
        #expect(
            String(decoding: written, as: UTF8.self) + "\n"
                == IssueJSON.encodeLine(
                    IssueJSON.object(issue, fields: [.number, .title])))
    }
}
