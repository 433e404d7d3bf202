import Interchange
import Testing
import TrackerCore

@Suite struct IssueFieldTests {
    @Test func parsesNamesOnceEachInTheOrderGiven() throws {
        #expect(try IssueField.parse("title, number,title") == [.title, .number])
    }

    @Test func refusesUnknownNamesWithTheKnownOnes() throws {
        #expect(throws: TrackerError.self) { try IssueField.parse("number,colour") }
        #expect(throws: TrackerError.self, "events only where allowed") { try IssueField.parse("events") }
        #expect(throws: TrackerError.invalidInput(field: "--json", rule: "name at least one field")) {
            try IssueField.parse(",")
        }
        #expect(try IssueField.parse("events", allowed: IssueField.allCases) == [.events])
    }
}
