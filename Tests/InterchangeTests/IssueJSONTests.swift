import Foundation
import Interchange
import Testing
import TrackerCore

@Suite struct IssueJSONTests {
    func issue() throws -> TrackerCore.Issue {
        let created = try #require(Timestamp(iso8601: "2024-01-02T03:04:05.5Z"))
        return TrackerCore.Issue(
            number: try IssueNumber(7), title: "Crash \"quoted\" / slash", body: "b", state: .closed,
            stateReason: .notPlanned, author: try Login("alice"), assignees: [try Login("bob")], createdAt: created,
            updatedAt: created, closedAt: nil)
    }

    /// The value as `JSONSerialization` reads its text back.
    func members(_ value: JSONValue) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(value.line.utf8)) as? [String: Any])
    }

    @Test func writesGhShapesAndOnlyTheFieldsAsked() throws {
        let object = IssueJSON.object(
            try issue(), fields: [.number, .state, .stateReason, .author, .assignees, .closedAt])
        #expect(Set(try members(object).keys) == ["number", "state", "stateReason", "author", "assignees", "closedAt"])
        let text = IssueJSON.encode(object)
        #expect(text.hasSuffix("}\n"))
        #expect(text.contains(#""state" : "CLOSED""#))
        #expect(text.contains(#""stateReason" : "NOT_PLANNED""#))
        #expect(text.contains(#""closedAt" : null"#))
        #expect(text.contains(#""login" : "bob""#))
    }

    @Test func timesAreISO8601InUTCAndSlashesStayReadable() throws {
        let text = IssueJSON.encode(IssueJSON.object(try issue(), fields: [.title, .createdAt]))
        #expect(text.contains(#""createdAt" : "2024-01-02T03:04:05.500000Z""#))
        #expect(text.contains(#"Crash \"quoted\" / slash"#))
    }

    @Test func eventsCarryTheirKindAndSubject() throws {
        let at = try #require(Timestamp(iso8601: "2024-01-02T00:00:00Z"))
        let alice = try Login("alice")
        let bob = try Login("bob")
        let events = [
            IssueEvent(kind: .assigned(bob), actor: alice, createdAt: at),
            IssueEvent(kind: .closed(.completed), actor: alice, createdAt: at),
        ]
        let object = IssueJSON.object(try issue(), fields: [.events], events: events)
        let written = try #require(try members(object)["events"] as? [[String: Any]])
        #expect(written.map { $0["kind"] as? String } == ["assigned", "closed"])
        #expect((written[0]["subject"] as? [String: String])?["login"] == "bob")
        #expect(written[1]["stateReason"] as? String == "COMPLETED")
    }
}
