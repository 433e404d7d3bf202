import Foundation
import Testing
import TrackerTestSupport

/// Sub-issues and dependencies through the built binary (issue 30 items 1, 2): `create --parent`,
/// `edit --parent/--no-parent/--blocked-by/--remove-blocked-by`, `show`, `list --parent/--blocked/
/// --ready` and the qualifiers, JSON, refusals in one line, export → import → export.
@Suite struct StructureCLITests {
    func numbers(_ tracker: TrackerProcess, _ arguments: [String]) throws -> [Int] {
        let listed = try tracker.run(["list"] + arguments + ["--json", "number"])
        #expect(listed.status == 0, "\(arguments): \(listed.stderr)")
        let rows = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]] ?? []
        return rows.compactMap { $0["number"] as? Int }
    }

    @Test func parentsAndBlockersAreShownListedAndRoundTripped() async throws {
        let tracker = try await CLITests.tracker()
        for title in ["Release", "Build", "Test", "Docs"] {
            #expect(try tracker.run(["create", "-t", title]).status == 0)
        }
        let child = try tracker.run(["create", "-t", "Package", "--parent", "2"])
        #expect(child.status == 0, "\(child.stderr)")
        #expect(try tracker.run(["edit", "2", "3", "--parent", "1"]).status == 0)
        #expect(try tracker.run(["edit", "1", "--blocked-by", "3,4"]).status == 0)
        #expect(try tracker.run(["close", "5", "4"]).status == 0)

        let shown = try tracker.run(["show", "1"]).stdout
        #expect(shown.contains("Sub-issues: 1 of 3 done"), "\(shown)")
        #expect(shown.contains("  #2 OPEN Build") && shown.contains("  #3 OPEN Test"))
        #expect(shown.contains("Blocked by: 1 open of 2") && shown.contains("  #4 CLOSED Docs"))
        #expect(shown.contains("tester marked this as blocked by #3"))
        let build = try tracker.run(["show", "2"]).stdout
        #expect(build.contains("Parent: #1 OPEN Release") && build.contains("Sub-issues: 1 of 1 done"))
        #expect(try tracker.run(["show", "3"]).stdout.contains("Blocking:\n  #1 OPEN Release"))

        #expect(try numbers(tracker, ["--parent", "1"]) == [3, 2])
        #expect(try numbers(tracker, ["--blocked"]) == [1])
        #expect(try numbers(tracker, ["--ready"]) == [3, 2])
        #expect(try numbers(tracker, ["--search", "is:blocked"]) == [1])
        #expect(try numbers(tracker, ["--search", "parent:2 is:closed"]) == [5])
        let json = try tracker.run(["show", "1", "--json", "parent,subIssuesSummary,blockedBy,subIssues"]).stdout
        #expect(json.contains("\"completed\":1") && json.contains("\"total\":3"), "\(json)")
        #expect(json.contains("\"blockedBy\":[{\"number\":3},{\"number\":4}]"), "\(json)")
        #expect(json.contains("{\"number\":2,\"state\":\"OPEN\",\"title\":\"Build\"}"), "\(json)")

        #expect(try tracker.run(["edit", "1", "--remove-blocked-by", "3"]).status == 0)
        #expect(try numbers(tracker, ["--ready"]) == [3, 2, 1])
        #expect(try tracker.run(["undo"]).status == 0)
        #expect(try numbers(tracker, ["--blocked"]) == [1], "undo puts the blocker back")

        #expect(try tracker.run(["create", "-t", "Build again"]).status == 0)
        #expect(try tracker.run(["close", "6", "--duplicate-of", "2"]).status == 0)
        let exported = try tracker.run(["export"])
        #expect(exported.stdout.contains("\"parent\":{\"number\":2}"), "\(exported.stdout)")
        #expect(exported.stdout.contains("\"duplicateOf\":{\"number\":2}"), "\(exported.stdout)")
        let copy = TrackerProcess(databaseSettings: try await TestPostgres.shared.freshDatabase())
        let imported = try copy.run(["import", "-"], stdin: exported.stdout)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try copy.run(["export"]).stdout == exported.stdout, "export → import → export is byte-identical")
        #expect(try copy.run(["show", "1"]).stdout.contains("Sub-issues: 1 of 3 done"))
        #expect(try copy.run(["show", "2"]).stdout.contains("closed #6 as a duplicate of this"))
    }

    @Test func cyclesLimitsAndBadNumbersAreOneLineAndChangeNothing() async throws {
        let tracker = try await CLITests.tracker()
        for title in ["A", "B", "C"] { #expect(try tracker.run(["create", "-t", title]).status == 0) }
        #expect(try tracker.run(["edit", "2", "--parent", "1"]).status == 0)
        #expect(try tracker.run(["edit", "3", "--blocked-by", "2"]).status == 0)
        #expect(try tracker.run(["edit", "2", "--blocked-by", "1"]).status == 0)
        for (arguments, status, error) in [
            (
                ["edit", "1", "--parent", "2"], 65,
                "a cycle: #2 is under #1 (#2 → #1), so #1 cannot be a sub-issue of #2"
            ),
            (["edit", "1", "--blocked-by", "3"], 65, "a cycle: #1 already blocks #3 (#1 → #2 → #3)"),
            (["edit", "1", "--blocked-by", "9"], 65, "issue #9 does not exist"),
            (["create", "-t", "D", "--parent", "9"], 65, "issue #9 does not exist"),
            (["edit", "1", "--parent", "x"], 65, "x"),
            (["edit", "1", "--parent", "2", "--no-parent"], 64, "give --parent or --no-parent, not both"),
            (["list", "--blocked", "--ready"], 64, "give --blocked or --ready, not both"),
            (["list", "--search", "parent:me"], 65, "'parent:me' is not a qualifier tracker reads"),
        ] {
            let refused = try tracker.run(arguments)
            #expect(refused.status == Int32(status), "\(arguments): \(refused.stderr)")
            #expect(
                refused.stderr.contains(error) && refused.stderr.split(separator: "\n").count == 1,
                "\(arguments): \(refused.stderr)")
        }
        #expect(try numbers(tracker, ["--state", "all"]) == [3, 2, 1], "nothing was created")
        #expect(try numbers(tracker, ["--blocked"]) == [3, 2], "nothing was linked")
        let cyclic = """
            [{"number": 1, "title": "A", "author": {"login": "tester"}, "createdAt": "2026-01-01T00:00:00Z",
              "parent": {"number": 2}},
             {"number": 2, "title": "B", "author": {"login": "tester"}, "createdAt": "2026-01-01T00:00:00Z",
              "parent": {"number": 1}}]
            """
        let copy = TrackerProcess(databaseSettings: try await TestPostgres.shared.freshDatabase())
        let refused = try copy.run(["import", "-"], stdin: cyclic)
        #expect(refused.status == 65 && refused.stderr.contains("a cycle of sub-issues"), "\(refused.stderr)")
        #expect(try numbers(copy, ["--state", "all"]) == [], "nothing was imported")
    }
}
