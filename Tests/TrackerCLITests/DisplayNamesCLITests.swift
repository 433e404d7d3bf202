import Foundation
import Postgres
import Testing
import TrackerTestSupport

/// People's display names through the binary (issue 33): `import` keeps gh's `name`s, `export`
/// writes them so a round trip keeps them, and `users edit LOGIN --name NAME` sets or clears one.
@Suite struct DisplayNamesCLITests {
    static let ghJSON = """
        [{"number": 3, "title": "Named people", "body": "", "state": "OPEN",
          "author": {"id": "MDQ6VXNlcjE=", "is_bot": false, "login": "alice", "name": "Alice Liddell"},
          "assignees": [{"id": "MDQ6VXNlcjI=", "login": "bob", "name": "Bob Roe"}, {"login": "carol", "name": ""}],
          "comments": [{"id": "IC_kwDO1", "author": {"login": "dave", "name": "Dave \\u00c9t\\u00e9"}, "body": "Hi",
                        "createdAt": "2024-01-03T00:00:00Z"}],
          "createdAt": "2024-01-02T03:04:05Z"}]
        """

    func names(_ tracker: TrackerProcess) throws -> [String: String] {
        let listed = try tracker.run(["users", "list", "--json"])
        #expect(listed.status == 0, "\(listed.stderr)")
        let users = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: String]] ?? []
        return Dictionary(users.map { ($0["login"] ?? "", $0["name"] ?? "") }, uniquingKeysWith: { first, _ in first })
    }

    @Test func importKeepsGhNamesAndExportWritesThemSoARoundTripKeepsThem() async throws {
        let tracker = TrackerProcess(databaseSettings: try await TestPostgres.shared.freshDatabase())
        let imported = try tracker.run(["import", "-"], stdin: Self.ghJSON)
        #expect(imported.status == 0, "\(imported.stderr)")
        let named = try names(tracker)
        #expect(named["alice"] == "Alice Liddell" && named["bob"] == "Bob Roe" && named["dave"] == "Dave Été")
        #expect(named["carol"] == "")

        let exported = try tracker.run(["export"]).stdout
        #expect(exported.contains(#""author":{"login":"alice","name":"Alice Liddell"}"#), "\(exported)")
        #expect(exported.contains(#""assignees":[{"login":"bob","name":"Bob Roe"},{"login":"carol","name":""}]"#))
        #expect(exported.contains(#""author":{"login":"dave","name":"Dave Été"}"#))
        let copy = TrackerProcess(databaseSettings: try await TestPostgres.shared.freshDatabase())
        #expect(try copy.run(["import", "-"], stdin: exported).status == 0)
        #expect(try copy.run(["export"]).stdout == exported, "export → import → export is byte-identical")
        #expect(try names(copy)["bob"] == "Bob Roe")
    }

    @Test func importFillsAnEmptyNameAndNeverReplacesOneSomeoneSet() async throws {
        let tracker = TrackerProcess(databaseSettings: try await TestPostgres.shared.freshDatabase())
        #expect(try tracker.run(["users", "add", "alice"]).status == 0)
        #expect(try tracker.run(["users", "add", "bob", "--name", "Robert"]).status == 0)
        #expect(try tracker.run(["import", "-"], stdin: Self.ghJSON).status == 0)
        let named = try names(tracker)
        #expect(named["alice"] == "Alice Liddell", "an empty name is filled")
        #expect(named["bob"] == "Robert", "a name someone set stays")
    }

    @Test func aBadNameInTheFileNamesItsRecordAndNothingIsWritten() async throws {
        let tracker = TrackerProcess(databaseSettings: try await TestPostgres.shared.freshDatabase())
        let bad = Self.ghJSON.replacingOccurrences(of: "Bob Roe", with: "Bob\\u0007Roe")
        let outcome = try tracker.run(["import", "-"], stdin: bad)
        #expect(outcome.status == 65)
        #expect(outcome.stderr.hasPrefix("tracker: invalid record 1 assignees name: "), "\(outcome.stderr)")
        #expect(outcome.stderr.split(separator: "\n").count == 1)
        let count: Int = try Connection(settings: tracker.environment["DATABASE_URL"] ?? "").query(
            "SELECT (SELECT count(*) FROM issues) + (SELECT count(*) FROM users WHERE login <> 'tester')"
        ).rows[0].decode(0)
        #expect(count == 0)
    }

    @Test func usersEditSetsAndClearsANameAndRefusesBadInputInOneLine() async throws {
        let tracker = try await CLITests.tracker()
        let own = try tracker.run(["users", "edit", "@me", "--name", "Tess Ter"])
        #expect(own.status == 0 && own.stdout == "Renamed tester to Tess Ter\n", "\(own.stderr)")
        #expect(try tracker.run(["users", "add", "alice"]).status == 0)
        let edited = try tracker.run(["users", "edit", "@alice", "--name", "  Alice Liddell "])
        #expect(edited.status == 0 && edited.stdout == "Renamed alice to Alice Liddell\n", "\(edited.stderr)")
        #expect(try names(tracker)["alice"] == "Alice Liddell")
        let cleared = try tracker.run(["users", "edit", "alice", "--name", ""])
        #expect(cleared.status == 0 && cleared.stdout == "Cleared alice's name\n", "\(cleared.stderr)")
        #expect(try names(tracker)["alice"] == "")

        for (arguments, status, start) in [
            (["users", "edit", "zed", "--name", "Zed"], 65, "tracker: no user 'zed'"),
            (["users", "edit", "alice", "--name", "A\u{7}B"], 65, "tracker: invalid name: "),
            (["users", "edit", "-bad-", "--name", "X"], 64, "tracker: "),
            (["users", "edit", "alice"], 64, "tracker: Missing expected argument '--name <name>'"),
        ] {
            let outcome = try tracker.run(arguments)
            #expect(outcome.status == Int32(status), "\(arguments): \(outcome.stderr)")
            #expect(outcome.stderr.hasPrefix(start), "\(arguments): \(outcome.stderr)")
            #expect(outcome.stderr.split(separator: "\n").count == 1, "\(arguments): \(outcome.stderr)")
        }
        #expect(try names(tracker) == ["alice": "", "tester": "Tess Ter"], "nothing written by a refusal")
    }
}
