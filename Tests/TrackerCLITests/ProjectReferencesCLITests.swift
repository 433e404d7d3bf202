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

/// gh's `repository` field on import (issue 31 item 5): it chooses the project whose remote it is,
/// unless -R names one; a repository no project records, or several, is refused in one line.
@Suite struct ImportRepositoryCLITests {
    static func record(_ number: Int, repository: String) -> String {
        #"{"number": \#(number), "title": "From gh \#(number)", "state": "OPEN", "author": {"login": "tester"}, "#
            + #""createdAt": "2024-01-02T03:04:05Z", "updatedAt": "2024-01-02T03:04:05Z", "repository": \#(repository)}"#
    }

    func file(_ records: [String]) throws -> URL {
        let file = URL(fileURLWithPath: NSTemporaryDirectory()).appending(path: "gh-\(UUID().uuidString).jsonl")
        try records.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    @Test func theRepositoryOfGhsIssuesChoosesTheProjectUnlessDashRDoes() async throws {
        let tracker = try await CLITests.tracker()
        let created = try tracker.run(["project", "create", "api", "--remote", "git@github.com:Acme/Api.git"])
        #expect(created.status == 0, "\(created.stderr)")
        let fromApi = try file([
            Self.record(1, repository: #"{"name": "api", "nameWithOwner": "acme/api"}"#),
            Self.record(2, repository: #""acme/api""#),
        ])
        let elsewhere = try file([Self.record(1, repository: #"{"nameWithOwner": "acme/nowhere"}"#)])
        let mixed = try file([
            Self.record(1, repository: #""acme/api""#), Self.record(2, repository: #""https://github.com/acme/web""#),
        ])
        let broken = try file([Self.record(1, repository: #""not a repository at all""#)])
        defer { for url in [fromApi, elsewhere, mixed, broken] { try? FileManager.default.removeItem(at: url) } }

        #expect(try tracker.run(["import", fromApi.path]).status == 0)
        let inApi = try tracker.run(["-R", "api", "list", "--json", "title"]).stdout
        #expect(inApi.contains("From gh 1") && inApi.contains("From gh 2"), "\(inApi)")
        #expect(try tracker.run(["list", "--json", "title"]).stdout == "[]\n", "nothing in the default project")

        let unknown = try tracker.run(["import", elsewhere.path])
        #expect(
            unknown.status == 65 && unknown.stderr.split(separator: "\n").count == 1
                && unknown.stderr.contains("github.com/acme/nowhere, which no project records"), "\(unknown.stderr)")
        let several = try tracker.run(["import", mixed.path])
        #expect(several.status == 65 && several.stderr.contains("from 2 repositories"), "\(several.stderr)")
        let bad = try tracker.run(["import", broken.path])
        #expect(bad.status == 65 && bad.stderr.contains("record 1 repository"), "\(bad.stderr)")
        #expect(try tracker.run(["list", "--json", "title"]).stdout == "[]\n", "nothing was imported by a refusal")

        #expect(try tracker.run(["-R", tracker.defaultProjectKey(), "import", mixed.path]).status == 0, "-R wins")
        #expect(try tracker.run(["list", "--json", "title"]).stdout.contains("From gh 2"))
    }
}

extension TrackerProcess {
    func defaultProjectKey() throws -> String { try ProjectsCLITests.defaultKey(self) }
}
