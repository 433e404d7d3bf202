import Foundation
import Testing
import TrackerTestSupport

/// `list --search` with gh's qualifiers, through the built binary.
@Suite struct SearchQualifiersCLITests {
    func numbers(_ tracker: TrackerProcess, _ search: String) throws -> [Int] {
        let outcome = try tracker.run(["list", "--search", search, "--json", "number"])
        #expect(outcome.status == 0, "\(search): \(outcome.stderr)")
        let listed = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [[String: Any]] ?? []
        return listed.compactMap { $0["number"] as? Int }
    }

    @Test func qualifiersFilterAndAnUnknownOneIsRefused() async throws {
        let tracker = try await CLITests.tracker()
        try tracker.run(["users", "add", "bob"])
        try tracker.run(["label", "create", "bug"])
        try tracker.run(["create", "-t", "Crash on start", "--label", "bug", "--assignee", "@me"])
        try tracker.run(["create", "-t", "Crash on exit", "--assignee", "bob"])
        try tracker.run(["create", "-t", "Slow search", "--label", "bug"])
        try tracker.run(["close", "3"])

        #expect(try numbers(tracker, "is:open label:bug") == [1])
        #expect(try numbers(tracker, "is:closed label:bug") == [3])
        #expect(try numbers(tracker, "assignee:@me crash") == [1])
        #expect(try numbers(tracker, "assignee:bob") == [2])
        #expect(try numbers(tracker, "state:all sort:created-asc") == [1, 2, 3])
        #expect(try numbers(tracker, "no:assignee state:all") == [3])
        #expect(try numbers(tracker, "state:all -label:bug") == [2])
        #expect(try numbers(tracker, "state:all no:label") == [2])
        #expect(try numbers(tracker, "state:all created:>=2000-01-01 updated:<2999-01-01") == [3, 2, 1])
        #expect(try numbers(tracker, "state:all created:<2000-01-01").isEmpty)

        let refused = try tracker.run(["list", "--search", "lable:bug"])
        #expect(refused.status != 0 && refused.stderr.contains("unknown qualifier 'lable:'"), "\(refused.stderr)")
        #expect(refused.stderr.split(separator: "\n").count == 1)

        var terminal = tracker
        terminal.environment["TRACKER_FORCE_TTY"] = "100"
        let nothing = try terminal.run(["list", "--search", "is:open label:bug zebra"])
        #expect(nothing.status == 0 && nothing.stdout.contains("No issues match."), "\(nothing.stdout)")
    }
}
