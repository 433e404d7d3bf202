import Foundation
import Testing
import TrackerCore
import TrackerTestSupport

/// `tracker milestone show` and `tracker report` through the built binary, over a history
/// imported with past dates and changed today.
@Suite struct ProgressCLITests {
    static let today = Day(containing: .now())

    /// `days` days before today at noon UTC, as gh writes a time.
    static func noon(_ days: Int64) -> String { "\(today.adding(-days))T12:00:00Z" }

    /// Into a fresh tracker: milestone "Beta" (due in 5 days) holding #1 from 6 days ago, #2 from 4
    /// days ago (closed 2 days ago) and #3 from 3 days ago; #4 outside it.
    static func tracker() async throws -> TrackerProcess {
        let tracker = TrackerProcess(databaseSettings: try await TestPostgres.shared.freshDatabase())
        #expect(try tracker.run(["milestone", "create", "Beta", "--due", "\(today.adding(5))"]).status == 0)
        func record(_ number: Int, created: Int64, closed: Int64? = nil, milestone: Bool = true) -> String {
            let closing = closed.map { "\"state\": \"CLOSED\", \"closedAt\": \"\(noon($0))\"" } ?? "\"state\": \"OPEN\""
            return """
                {"number": \(number), "title": "Issue \(number)", "body": "", \(closing), "author": {"login": "alice"},
                 "createdAt": "\(noon(created))", "updatedAt": "\(noon(closed ?? created))"\
                \(milestone ? ", \"milestone\": {\"title\": \"Beta\"}" : "")}
                """
        }
        let file =
            "["
            + [
                record(1, created: 6), record(2, created: 4, closed: 2), record(3, created: 3),
                record(4, created: 1, milestone: false),
            ].joined(separator: ",\n") + "]"
        let imported = try tracker.run(["import", "-"], stdin: file)
        #expect(imported.status == 0, "\(imported.stderr)")
        return tracker
    }

    func json(_ outcome: TrackerProcess.Outcome) throws -> [String: Any] {
        #expect(outcome.status == 0, "\(outcome.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
    }

    @Test func milestoneShowGivesTheSeriesAndDrawsIt() async throws {
        let tracker = try await Self.tracker()
        #expect(try tracker.run(["close", "1"]).status == 0)
        let document = try json(try tracker.run(["milestone", "show", "beta", "--json"]))
        let series = try #require(document["series"] as? [[String: Any]])
        #expect(series.compactMap { $0["day"] as? String } == (-6...5).map { "\(Self.today.adding(Int64($0)))" })
        #expect(series.prefix(7).map { $0["open"] as? Int } == [1, 1, 2, 3, 2, 2, 1])
        #expect(series.dropFirst(7).allSatisfy { $0["open"] is NSNull }, "no count after today")
        #expect(series.map { $0["ideal"] as? Int } == [1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0])
        let milestone = try #require(document["milestone"] as? [String: Any])
        #expect(milestone["title"] as? String == "Beta" && milestone["openIssues"] as? Int == 1)
        #expect(document["today"] as? String == "\(Self.today)")
        let picked = try json(try tracker.run(["milestone", "show", "1", "--json", "today"]))
        #expect(Array(picked.keys) == ["today"], "a milestone by its number, one field")

        var atTerminal = tracker
        atTerminal.environment["TRACKER_FORCE_TTY"] = "60"
        let drawn = try atTerminal.run(["milestone", "show", "Beta"])
        #expect(drawn.status == 0, "\(drawn.stderr)")
        let lines = drawn.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "Beta (#1) · open · due \(Self.today.adding(5)) · 2 of 3 done (66%)")
        #expect(lines.allSatisfy { $0.unicodeScalars.allSatisfy { $0.isASCII } || $0 == lines[0] }, "NO_COLOR: ASCII")
        #expect(lines.contains { $0.hasPrefix("3 |") } && lines.contains { $0.contains("#") })
        #expect(lines.allSatisfy { $0.count <= 60 }, "\(drawn.stdout)")
    }

    @Test func reportCountsTheWeeks() async throws {
        let tracker = try await Self.tracker()
        let document = try json(try tracker.run(["report", "--json"]))
        let weeks = try #require(document["weeks"] as? [[String: Any]])
        #expect(weeks.count == 12 && weeks.last?["week"] as? String == "\(Self.today.monday)")
        #expect(weeks.compactMap { $0["opened"] as? Int }.reduce(0, +) == 4)
        #expect(weeks.compactMap { $0["closed"] as? Int }.reduce(0, +) == 1)
        var atTerminal = tracker
        atTerminal.environment["TRACKER_FORCE_TTY"] = "70"
        let drawn = try atTerminal.run(["report"])
        #expect(drawn.status == 0 && drawn.stdout.contains("4 opened, 1 closed"), "\(drawn.stderr)")
        #expect(drawn.stdout.split(separator: "\n").allSatisfy { $0.count <= 70 }, "\(drawn.stdout)")
    }

    @Test func anUnknownMilestoneIsOneLineAndExit65() async throws {
        let tracker = try await Self.tracker()
        let unknown = try tracker.run(["milestone", "show", "Betta"])
        #expect(unknown.status == 65 && unknown.stdout.isEmpty)
        #expect(
            unknown.stderr.split(separator: "\n").count == 1 && unknown.stderr.contains("Beta"), "\(unknown.stderr)")
        let field = try tracker.run(["milestone", "show", "Beta", "--json", "days"])
        #expect(field.status == 64 && field.stderr.contains("unknown field 'days'"), "\(field.stderr)")
        let extra = try tracker.run(["report", "extra"])
        #expect(extra.status == 64, "an argument report does not take")
    }
}
