import Foundation
import Testing
import TrackerTestSupport

/// `--priority` and `--due` on create and edit, `list --sort priority|due`, `--overdue`,
/// `priority:` in a search, the table's columns, JSON, and export → import → export (issue 30
/// item 4), through the built binary.
@Suite struct PlanningCLITests {
    func numbers(_ tracker: TrackerProcess, _ arguments: [String]) throws -> [Int] {
        let listed = try tracker.run(["list"] + arguments + ["--json", "number"])
        #expect(listed.status == 0, "\(arguments): \(listed.stderr)")
        let rows = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]] ?? []
        return rows.compactMap { $0["number"] as? Int }
    }

    @Test func setSortFilterShowAndRoundTrip() async throws {
        let tracker = try await CLITests.tracker()
        for (title, plan) in [
            ("Plain", [String]()), ("Urgent", ["--priority", "p0"]), ("Soon", ["--due", "2020-01-31"]),
            ("Later", ["--priority", "P2", "--due", "2999-12-31"]),
        ] {
            let created = try tracker.run(["create", "-t", title] + plan)
            #expect(created.status == 0, "\(created.stderr)")
        }
        #expect(try numbers(tracker, ["--sort", "priority"]) == [2, 4, 3, 1])
        #expect(try numbers(tracker, ["--sort", "due"]) == [3, 4, 2, 1])
        #expect(try numbers(tracker, ["--overdue"]) == [3])
        #expect(try numbers(tracker, ["--search", "priority:P2"]) == [4])
        #expect(try numbers(tracker, ["--search", "priority:none"]) == [3, 1])
        #expect(try numbers(tracker, ["--search", "no:priority"]) == [3, 1])

        var terminal = tracker
        terminal.environment["TRACKER_FORCE_TTY"] = "120"
        let table = try terminal.run(["list", "--sort", "priority"])
        let lines = table.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.contains("PRIORITY") == true && lines.first?.contains("DUE") == true, "\(table.stdout)")
        #expect(lines.dropFirst().first?.contains("P0") == true)
        let unplanned = try terminal.run(["list", "--search", "Plain"])
        #expect(unplanned.stdout.contains("PRIORITY") == false, "no column when no shown issue has one")

        let edited = try tracker.run(["edit", "3", "4", "--priority", "P1", "--due", "none"])
        #expect(edited.status == 0, "\(edited.stderr)")
        let shown = try tracker.run(["show", "3"]).stdout
        #expect(shown.contains("Priority: P1 · Due: none"))
        #expect(shown.contains("tester set the priority to P1") && shown.contains("tester removed the due date"))
        let json = try tracker.run(["show", "4", "--json", "priority,dueOn"]).stdout
        #expect(json.contains("\"priority\":\"P1\"") && json.contains("\"dueOn\":null"), "\(json)")
        #expect(try tracker.run(["undo"]).status == 0)
        #expect(try tracker.run(["show", "4"]).stdout.contains("Priority: P2 · Due: 2999-12-31"))

        let exported = try tracker.run(["export"])
        #expect(exported.stdout.contains("\"dueOn\":\"2020-01-31\"") && exported.stdout.contains("\"priority\":\"P0\""))
        let copy = TrackerProcess(databaseSettings: try await TestPostgres.shared.freshDatabase())
        let imported = try copy.run(["import", "-"], stdin: exported.stdout)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try copy.run(["export"]).stdout == exported.stdout, "export → import → export is byte-identical")
    }

    @Test func badValuesAreOneLineAndWriteNothing() async throws {
        let tracker = try await CLITests.tracker()
        #expect(try tracker.run(["create", "-t", "One"]).status == 0)
        for (arguments, status, error) in [
            (["edit", "1", "--priority", "P4"], 64, "unknown --priority 'P4'"),
            (["create", "-t", "Two", "--priority", "urgent"], 64, "unknown --priority 'urgent'"),
            (["edit", "1", "--due", "31/12/2026"], 65, "'31/12/2026' is not a date such as 2026-12-31"),
            (["list", "--search", "priority:urgent"], 64, "unknown priority 'urgent'"),
        ] {
            let refused = try tracker.run(arguments)
            #expect(refused.status == Int32(status), "\(arguments): \(refused.stderr)")
            #expect(
                refused.stderr.contains(error) && refused.stderr.split(separator: "\n").count == 1, "\(refused.stderr)")
        }
        #expect(try numbers(tracker, ["--state", "all"]) == [1], "nothing was created")
        #expect(try tracker.run(["show", "1"]).stdout.contains("Priority:") == false)
    }
}
