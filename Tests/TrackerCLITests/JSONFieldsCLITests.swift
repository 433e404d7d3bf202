import Foundation
import Testing
import TrackerTestSupport

/// `--json FIELDS` on every command that prints JSON, as gh takes it: only those fields, and an
/// unknown field refused in one line before anything is written.
@Suite struct JSONFieldsCLITests {
    func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "\(text)")
    }

    func objects(_ text: String) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]], "\(text)")
    }

    @Test func everyJSONCommandKeepsOnlyTheFieldsAsked() async throws {
        let tracker = try await CLITests.tracker()
        #expect(try tracker.run(["label", "create", "bug", "--description", "broken"]).status == 0)
        #expect(try tracker.run(["milestone", "create", "v1"]).status == 0)

        let created = try tracker.run(["create", "-t", "First", "--json", "number,title"])
        #expect(created.status == 0, "\(created.stderr)")
        #expect(try object(created.stdout).keys.sorted() == ["number", "title"])
        let commented = try tracker.run(["comment", "1", "--body", "seen", "--json", "body"])
        #expect(commented.status == 0, "\(commented.stderr)")
        #expect(try object(commented.stdout) as? [String: String] == ["body": "seen"])
        let edited = try tracker.run(["comment", "edit", "1", "--body", "seen it", "--json=id,body"])
        #expect(try object(edited.stdout).keys.sorted() == ["body", "id"], "\(edited.stderr)")
        let labels = try tracker.run(["label", "list", "--json", "name"])
        #expect(try objects(labels.stdout) as? [[String: String]] == [["name": "bug"]], "\(labels.stderr)")
        let milestones = try tracker.run(["milestone", "list", "--json", "title,number"])
        #expect(try objects(milestones.stdout).map { $0.keys.sorted() } == [["number", "title"]])
        let users = try tracker.run(["users", "list", "--json", "login"])
        #expect(try objects(users.stdout) as? [[String: String]] == [["login": "tester"]], "\(users.stderr)")
        let watcher = try WatchingProcess(tracker, ["watch", "--since", "1", "--json", "kind,issue"])
        defer { _ = try? watcher.stop() }
        let change = try #require(try watcher.jsonLines(count: 1).first)
        #expect(change.keys.sorted() == ["issue", "kind"])
    }

    @Test func anUnknownFieldIsOneLineAndWritesNothing() async throws {
        let tracker = try await CLITests.tracker()
        #expect(try tracker.run(["create", "-t", "First"]).status == 0)
        for (arguments, available) in [
            (["create", "-t", "Second", "--json", "nope"], "number,title,body"),
            (["comment", "1", "--body", "hi", "--json", "nope"], "author,body,createdAt,id,updatedAt"),
            (["label", "list", "--json", "nope"], "color,description,name"),
            (["users", "list", "--json", "nope"], "login,name"),
        ] {
            let refused = try tracker.run(arguments)
            #expect(refused.status == 64, "\(arguments): \(refused.stderr)")
            #expect(refused.stderr.hasPrefix("tracker: invalid --json: unknown field 'nope'; available: \(available)"))
            #expect(refused.stderr.split(separator: "\n").count == 1)
        }
        let shown = try tracker.run(["list", "--state", "all", "--json", "number,comments"])
        #expect(shown.stdout == "[{\"comments\":[],\"number\":1}]\n", "no second issue: \(shown.stdout)")
    }
}

/// Every command with `--json` takes `--json FIELDS` too (the rewrite turns it into the hidden
/// `--json-fields`), so a new command cannot answer `Unknown option '--json-fields'`.
@Suite struct JSONFieldsEverywhereTests {
    @Test func everyCommandWithJSONTakesAFieldList() throws {
        let dumped = try TrackerProcess(databaseSettings: nil).run(["--experimental-dump-help"])
        let root = try #require(try JSONSerialization.jsonObject(with: Data(dumped.stdout.utf8)) as? [String: Any])
        var pending = [(path: "tracker", command: try #require(root["command"] as? [String: Any]))]
        var withJSON: [String] = []
        var missing: [String] = []
        while let (path, command) = pending.popLast() {
            let arguments = command["arguments"] as? [[String: Any]] ?? []
            let names = arguments.flatMap {
                ($0["names"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
            }
            if names.contains("json") {
                withJSON.append(path)
                if !names.contains("json-fields") { missing.append(path) }
            }
            for sub in command["subcommands"] as? [[String: Any]] ?? [] {
                pending.append((path + " " + (sub["commandName"] as? String ?? "?"), sub))
            }
        }
        #expect(withJSON.count >= 11, "\(withJSON)")
        #expect(missing.isEmpty, "these take --json but not --json FIELDS: \(missing)")
    }
}
