import Foundation
import Testing
import TrackerTestSupport

/// Cross-project references (issue 31 item 3, migration 0024): `api#4` or `API-4` in a body or a
/// comment is shown on both issues, kept as the text changes, moved with the issue, hidden with
/// the trash and from those who may not read the other project.
@Suite struct ProjectReferencesCLITests {
    func referenced(_ tracker: TrackerProcess, _ issue: String, _ field: String) throws -> [String] {
        let shown = try tracker.run(["show", issue, "--json", field])
        #expect(shown.status == 0, "\(issue): \(shown.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any]
        return (object?[field] as? [[String: Any]] ?? []).map { "\($0["project"] ?? "?")#\($0["number"] ?? "?")" }
    }

    @Test func aReferenceInABodyOrACommentIsShownOnBothIssuesAndFollowsTheText() async throws {
        let tracker = try await CLITests.tracker()
        let home = try ProjectsCLITests.defaultKey(tracker)
        for arguments in [
            ["project", "create", "api", "--no-remote"], ["project", "create", "app", "--no-remote"],
            ["-R", "api", "create", "-t", "Rate limits"], ["-R", "api", "create", "-t", "Tokens"],
            ["-R", "app", "create", "-t", "Login screen"],
            [
                "create", "-t", "Web login", "-b",
                "Needs api#1 first; not `api#2` (code), nor app#9 (none), nor x/api#2.",
            ],
            ["comment", "1", "-b", "And API-2 too, and \(home)#1 is this one."],
        ] {
            let outcome = try tracker.run(arguments)
            #expect(outcome.status == 0, "\(arguments): \(outcome.stderr)")
        }
        #expect(try referenced(tracker, "1", "references") == ["api#1", "api#2"])
        #expect(try referenced(tracker, "api#1", "referencedBy") == ["\(home)#1"])
        #expect(try referenced(tracker, "api#2", "referencedBy") == ["\(home)#1"], "from a comment")
        let shown = try tracker.run(["-R", "api", "show", "1"]).stdout
        #expect(shown.contains("Referenced by:\n  \(home)#1 OPEN Web login\n"), "\(shown)")
        #expect(try tracker.run(["show", "1"]).stdout.contains("References:\n  api#1 OPEN Rate limits\n"))

        #expect(try tracker.run(["edit", "1", "-b", "Now only app#1."]).status == 0)
        #expect(try referenced(tracker, "1", "references") == ["api#2", "app#1"], "the edit replaced the body's")
        #expect(try referenced(tracker, "api#1", "referencedBy").isEmpty)
        #expect(try tracker.run(["comment", "delete", "1"]).status == 0)
        #expect(try referenced(tracker, "api#2", "referencedBy").isEmpty, "a deleted comment links nothing")
        #expect(try tracker.run(["comment", "restore", "1"]).status == 0)
        #expect(try referenced(tracker, "api#2", "referencedBy") == ["\(home)#1"])

        #expect(try tracker.run(["-R", "app", "move", "1", "api"]).status == 0)
        #expect(try referenced(tracker, "1", "references") == ["api#2", "api#3"], "the link follows the move")
        #expect(try referenced(tracker, "api#3", "referencedBy") == ["\(home)#1"])
        #expect(try tracker.run(["delete", "1", "--yes"]).status == 0)
        #expect(try referenced(tracker, "api#3", "referencedBy").isEmpty, "an issue in the trash links nothing")
        #expect(try tracker.run(["restore", "1"]).status == 0)
        #expect(try referenced(tracker, "api#3", "referencedBy") == ["\(home)#1"])
    }

    @Test func anImportedBodyLinksAsATypedOneDoes() async throws {
        let tracker = try await CLITests.tracker()
        #expect(try tracker.run(["project", "create", "api", "--no-remote"]).status == 0)
        #expect(try tracker.run(["-R", "api", "create", "-t", "Rate limits"]).status == 0)
        let file = URL(fileURLWithPath: NSTemporaryDirectory()).appending(path: "refs-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        let record = #"""
            [{"number": 1, "title": "Imported", "body": "Blocked on API-1.", "state": "OPEN",
              "author": {"login": "tester"}, "createdAt": "2024-01-02T03:04:05Z", "updatedAt": "2024-01-02T03:04:05Z"}]
            """#
        try record.write(to: file, atomically: true, encoding: .utf8)
        let imported = try tracker.run(["import", file.path])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try referenced(tracker, "api#1", "referencedBy").count == 1)
    }
}
