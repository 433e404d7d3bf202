import Foundation
import Interchange
import Synchronization
import Testing
import TrackerCore

@Suite struct IssueImportParserTests {
    func parse(_ text: String) throws(TrackerError) -> [ImportedIssue] {
        try IssueImportParser.parse(Data(text.utf8))
    }

    func failure(_ text: String) -> String? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return error.description
        }
    }

    static let record = """
        {"number": 12, "title": "Crash", "body": "Steps", "state": "CLOSED", "stateReason": "NOT_PLANNED",
         "author": {"login": "alice"}, "assignees": [{"login": "bob"}],
         "createdAt": "2024-01-02T03:04:05Z", "updatedAt": "2024-01-03T00:00:00Z", "closedAt": "2024-01-03T00:00:00Z"}
        """

    @Test func readsAGhArrayWithEveryField() throws {
        let issues = try parse("[\(Self.record)]")
        let issue = try #require(issues.first)
        #expect(issues.count == 1)
        #expect(issue.number == 12)
        #expect(issue.title == "Crash")
        #expect(issue.state == .closed)
        #expect(issue.stateReason == .notPlanned)
        #expect(issue.author == (try Login("alice")))
        #expect(issue.assignees == [try Login("bob")])
        #expect(issue.createdAt == Timestamp(iso8601: "2024-01-02T03:04:05Z"))
        #expect(issue.closedAt == Timestamp(iso8601: "2024-01-03T00:00:00Z"))
    }

    @Test func readsJSONLinesAndABomAndFillsDefaults() throws {
        let line = #"{"title": "Minimal", "author": {"login": "bob"}, "createdAt": "2024-01-01T00:00:00Z"}"#
        let issues = try IssueImportParser.parse(Data([0xEF, 0xBB, 0xBF]) + Data("\(line)\n\n  \n\(line)\r\n".utf8))
        #expect(issues.count == 2)
        #expect(issues[0].state == .open)
        #expect(issues[0].body == "")
        #expect(issues[0].number == nil)
        #expect(issues[0].updatedAt == issues[0].createdAt)
    }

    @Test func reportsProgressAndTheTotal() throws {
        let calls = Mutex<[Int]>([])
        let records = (0..<10_001).map { _ in Self.record.replacingOccurrences(of: "\"number\": 12, ", with: "") }
        _ = try IssueImportParser.parse(Data("[\(records.joined(separator: ","))]".utf8)) { done, total in
            #expect(total == 10_001)
            calls.withLock { $0.append(done) }
        }
        let seen = calls.withLock { $0 }
        #expect(seen.count >= 2 && seen.last == 10_001 && seen == seen.sorted(), "\(seen)")
    }

    @Test(arguments: [
        ("[{]", "invalid import file: is not a JSON array of issues"),
        ("{]", "invalid line 1: is not a JSON issue object"),
        (#"[{"author": {"login": "a"}, "createdAt": "2024-01-01T00:00:00Z"}]"#, "invalid record 1 title: is missing"),
        (
            #"[{"title": "t", "author": {"login": "-x"}, "createdAt": "2024-01-01T00:00:00Z"}]"#,
            "invalid record 1 author:"
        ),
        (
            #"[{"title": "t", "author": {"login": "a"}, "createdAt": "2024-02-31T00:00:00Z"}]"#,
            "invalid record 1 createdAt: '2024-02-31T00:00:00Z' is not a real ISO-8601 time"
        ),
        (
            #"[{"title": "t", "state": "MERGED", "author": {"login": "a"}, "createdAt": "2024-01-01T00:00:00Z"}]"#,
            "invalid record 1 state: 'merged' is not OPEN or CLOSED"
        ),
        (#"[{"title": "t", "author": {"login": "a"}}]"#, "invalid record 1 createdAt: is missing"),
        (#"[{"title": 5}]"#, "record 1 title"),
    ])
    func aBadRecordIsNamedWithItsField(_ text: String, _ expected: String) {
        let message = failure(text)
        #expect(message?.contains(expected) == true, "\(message ?? "no error")")
    }

    @Test func refusesWhatIsNotUTF8OrHoldsNul() {
        #expect(throws: TrackerError.invalidInput(field: "import file", rule: "is not valid UTF-8 text")) {
            try IssueImportParser.parse(Data([0x5B, 0xFF, 0x5D]))
        }
        #expect(throws: TrackerError.invalidInput(field: "import file", rule: "contains a NUL byte")) {
            try IssueImportParser.parse(Data("[\u{0}]".utf8))
        }
    }

    @Test func tooManyAssigneesIsARecordError() {
        let people = (1...11).map { #"{"login": "p\#($0)"}"# }.joined(separator: ",")
        let text =
            #"[{"title": "t", "author": {"login": "a"}, "assignees": [\#(people)], "createdAt": "2024-01-01T00:00:00Z"}]"#
        #expect(failure(text) == "invalid record 1 assignees: 11 assignees, the limit is 10; nothing was imported")
    }
}
