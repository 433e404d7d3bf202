import Foundation
import LineFront
import Testing
import TrackerCore
import TrackerUI

/// What `tracker watch` prints for one change: a line to read, or one JSON object per line.
@Suite struct ChangeLineViewTests {
    func change(_ kind: IssueEvent.Kind, title: String = "Fix login") throws -> IssueChange {
        let time = try #require(Timestamp(iso8601: "2026-11-21T16:50:02Z"))
        return IssueChange(
            id: 345, issue: try IssueNumber(12), title: title,
            event: IssueEvent(kind: kind, actor: try Login("alice"), createdAt: time),
            position: ChangePosition(group: 900, event: 345))
    }

    func object(_ line: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    @Test func aLineSaysTheEventTheIssueAndWhatWasDone() throws {
        let line = ChangeLineView(json: false).line(try change(.closed(.notPlanned)))
        #expect(line == "event 345 · 2026-11-21T16:50:02Z · #12 \"Fix login\" · alice closed this as not planned\n")
    }

    @Test func jsonLinesCarryTheIdIssueActorAndTheChangedFields() throws {
        let view = ChangeLineView(json: true)
        let assigned = try object(view.line(try change(.assigned(try Login("bob")))))
        #expect(assigned["id"] as? Int == 345)
        #expect(assigned["issue"] as? Int == 12)
        #expect(assigned["kind"] as? String == "assigned")
        #expect((assigned["subject"] as? [String: Any])?["login"] as? String == "bob")
        #expect((assigned["actor"] as? [String: Any])?["login"] as? String == "alice")
        #expect(assigned["createdAt"] as? String == "2026-11-21T16:50:02Z")
        let renamed = try object(view.line(try change(.renamed(from: "Old", to: "Fix login"))))
        #expect(renamed["previousTitle"] as? String == "Old")
        #expect(renamed["currentTitle"] as? String == "Fix login")
        let line = view.line(try change(.labeled(try LabelName("bug"))))
        #expect(line.hasSuffix("}\n") && line.filter { $0 == "\n" }.count == 1, "one object per line")
    }

    @Test func aTitleCannotReachTheTerminalAsControlSequences() throws {
        let hostile = "\u{1B}]0;owned\u{07}\u{9B}2J\u{202E}evil"
        for json in [false, true] {
            let line = ChangeLineView(json: json).line(try change(.created, title: hostile))
            #expect(!line.unicodeScalars.contains { TextRules.isControl($0) && $0 != "\n" }, "\(line)")
        }
    }

    @Test func noticesSayWhereWatchingCarriesOn() {
        #expect(
            ChangeLineView.describe(.lost(reason: "lost the connection to the database (gone)", resumingAfter: 7))
                == "lost the connection to the database (gone); reconnecting, then carrying on after event 7")
        #expect(ChangeLineView.describe(.restored).contains("connected again"))
    }
}
