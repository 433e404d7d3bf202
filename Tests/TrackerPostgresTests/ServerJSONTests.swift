import Foundation
import Postgres
import Testing
import TrackerCore
import TrackerTestSupport

@testable import TrackerPostgres

/// `ServerJSON` (issue 34: it replaced `JSONDecoder` for each listed issue's labels and milestone)
/// reads what PostgreSQL's json functions write: each string it is given back, byte for byte, as
/// the server's own JSON reading of the same text says, and labels and milestones as before.
@Suite struct ServerJSONTests {
    static let texts = [
        "plain", "", "quote \" and backslash \\ and slash /", "tab\tnew line\ncarriage\r", "\u{1}\u{1F}\u{7F}",
        "café ログイン", "emoji 👩‍💻 🇯🇵", "\u{2028}\u{2029}\u{200E}", "{\"not\": [\"json\"]}", "\\u0041",
    ]

    @Test func everyStringComesBackAsTheServerWroteIt() async throws {
        let connection = try Connection(settings: try await TestPostgres.shared.emptyDatabase())
        for text in ServerJSONTests.texts {
            let row = try connection.query(
                "SELECT json_build_object('name', $1::text, 'n', 42, 'none', NULL, 'yes', true, 'list', json_agg($1::text))::text",
                [text]
            ).rows[0]
            let json: String = try row.decode(0)
            let parsed = try ServerJSON.parse(json)
            #expect(parsed["name"] == .string(text), "\(json)")
            #expect(parsed["n"] == .number("42") && parsed["none"] == .null && parsed["yes"] == .bool(true))
            #expect(parsed["list"] == .array([.string(text)]))
        }
    }

    @Test func surrogatePairsAndEscapesAsJSONSaysAndMalformedTextIsRefused() throws {
        #expect(
            try ServerJSON.parse(#"["\ud83d\ude00", "\u00e9\n", " \/ "]"#)
                == .array([.string("😀"), .string("é\n"), .string(" / ")]))
        #expect(try ServerJSON.parse(" { } ") == .object([:]) && (try ServerJSON.parse("[]")) == .array([]))
        for malformed in ["", "[", "[1,", "{\"a\" 1}", "\"open", "[1] 2", "tru", "\"\\ud83d\\u0041\"", "{1: 2}"] {
            #expect(throws: ServerJSON.Malformed.self, "\(malformed)") { try ServerJSON.parse(malformed) }
        }
    }

    @Test func labelsAndMilestonesReadAsBefore() throws {
        let labels = try OrganizationJSON.labels(
            #"[{"name" : "bug \"x\"", "color" : "ff0000", "description" : "Broken\tthings"}, {"name" : "ui", "color" : "00ff00", "description" : ""}]"#
        )
        #expect(labels.map(\.name.value) == ["bug \"x\"", "ui"])
        #expect(labels.map(\.color.hex) == ["ff0000", "00ff00"] && labels[0].description == "Broken\tthings")
        let milestone = try #require(
            try OrganizationJSON.milestone(
                #"{"number" : 4, "title" : "v1", "description" : "d", "dueOn" : "2026-01-02T00:00:00Z", "state" : "open"}"#
            ))
        #expect(milestone.number.value == 4 && milestone.title.value == "v1" && milestone.state == .open)
        #expect(milestone.dueOn == Timestamp(iso8601: "2026-01-02T00:00:00Z"))
        let undated = try OrganizationJSON.milestone(
            #"{"number" : 5, "title" : "v2", "description" : "", "dueOn" : null, "state" : "closed"}"#)
        #expect(undated?.dueOn == nil && undated?.state == .closed)
        #expect(try OrganizationJSON.labels(nil).isEmpty && (try OrganizationJSON.milestone(nil)) == nil)
        #expect(throws: TrackerError.self) { try OrganizationJSON.labels(#"[{"name" : 1}]"#) }
        #expect(throws: TrackerError.self) { try OrganizationJSON.milestone(#"{"number" : "x"}"#) }
    }
}
