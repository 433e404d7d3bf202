import ChildProcesses
import Foundation
import Postgres
import Testing
import TrackerTestSupport

/// `show --history`, `diff` and `comment history` through the built binary: every replaced text
/// is kept, whoever replaced it.
@Suite struct HistoryCLITests {
    func json(_ outcome: TrackerProcess.Outcome) throws -> Any {
        #expect(outcome.status == 0, "\(outcome.stderr)")
        return try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8))
    }

    @Test func everyVersionIsListedWithWhoAndWhatChangedAndDiffShowsIt() async throws {
        let tracker = try await CLITests.tracker()
        try tracker.run(["users", "add", "bob"])
        try tracker.run(["create", "-t", "Crash", "-b", "one\ntwo\nthree"])
        try tracker.run(["edit", "1", "--body", "one\nTWO\nthree"])
        try tracker.run(["edit", "1", "--title", "Crash on start", "--as", "bob"])

        let table = try tracker.run(["show", "1", "--history"])
        #expect(table.status == 0, "\(table.stderr)")
        let rows = table.stdout.split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
        #expect(rows.map { $0.first } == ["1", "2", "3"], "a program gets one tab-separated row per version")
        #expect(rows.map { $0.count > 2 ? $0[2] : "" } == ["tester", "tester", "bob"])
        #expect(rows.last?.last?.contains("Crash on start") == true, "\(rows)")

        let versions = try #require(
            try json(try tracker.run(["show", "1", "--history", "--json"])) as? [[String: Any]])
        #expect(versions.compactMap { $0["version"] as? Int } == [1, 2, 3])
        #expect(
            versions.compactMap { $0["body"] as? String } == ["one\ntwo\nthree", "one\nTWO\nthree", "one\nTWO\nthree"])
        #expect(
            versions.compactMap { ($0["author"] as? [String: Any])?["login"] as? String } == [
                "tester", "tester", "bob",
            ])

        let second = try tracker.run(["diff", "1", "2"])
        #expect(second.status == 0 && second.stdout.contains("-two\n+TWO\n"), "\(second.stdout)")
        let last = try tracker.run(["diff", "1"])
        #expect(last.stdout.contains("- title: Crash\n+ title: Crash on start"), "\(last.stdout)")
        #expect(last.stdout.contains("The body did not change."))

        let missing = try tracker.run(["diff", "1", "9"])
        #expect(missing.status != 0 && missing.stderr.split(separator: "\n").count == 1, "\(missing.stderr)")
        #expect(missing.stderr.contains("9"), "\(missing.stderr)")
    }

    /// Two processes replace the same body at once: whichever lands last is current, and the
    /// other's text is a version, not lost.
    @Test func twoProcessesEditingOneBodyEachLeaveTheirTextInTheHistory() async throws {
        let tracker = try await CLITests.tracker()
        try tracker.run(["users", "add", "bob"])
        try tracker.run(["create", "-t", "Shared", "-b", "first"])
        let writers = try [
            ["edit", "1", "--body", "tester's text"], ["edit", "1", "--body", "bob's text", "--as", "bob"],
        ].map { try tracker.start($0) }
        for writer in writers { #expect(try writer.wait().status == 0) }
        let versions = try #require(
            try json(try tracker.run(["show", "1", "--history", "--json"])) as? [[String: Any]])
        let bodies = Set(versions.compactMap { $0["body"] as? String })
        #expect(bodies == ["first", "tester's text", "bob's text"], "\(bodies)")
    }

    @Test func aCommentsEarlierTextsAreItsHistory() async throws {
        let tracker = try await CLITests.tracker()
        try tracker.run(["create", "-t", "Talk"])
        try tracker.run(["comment", "1", "--body", "first words"])
        try tracker.run(["comment", "edit", "1", "--body", "better words"])
        let versions = try #require(
            try json(try tracker.run(["comment", "history", "1", "--json"])) as? [[String: Any]])
        #expect(versions.compactMap { $0["body"] as? String } == ["first words", "better words"])
        let deleted = try tracker.run(["comment", "delete", "1"])
        #expect(deleted.status == 0)
        #expect(try tracker.run(["show", "1", "--comments"]).stdout.contains("better words") == false)
        let restored = try tracker.run(["comment", "restore", "1"])
        #expect(restored.status == 0, "\(restored.stderr)")
        #expect(try tracker.run(["show", "1", "--comments"]).stdout.contains("better words"))
    }

    /// The search index covers the current text only.
    @Test func searchFindsTheCurrentTextNotAReplacedOne() async throws {
        let tracker = try await CLITests.tracker()
        try tracker.run(["create", "-t", "Crash", "-b", "zebrawords everywhere"])
        try tracker.run(["edit", "1", "--body", "giraffewords now"])
        let old = try tracker.run(["list", "--search", "zebrawords", "--json"])
        let new = try tracker.run(["list", "--search", "giraffewords", "--json"])
        #expect(try #require(try json(old) as? [Any]).isEmpty)
        #expect(try #require(try json(new) as? [Any]).count == 1)
    }
}
