import Foundation
import Testing
import TrackerTestSupport

/// Issue 33, through the real binary: `close --comment`, config and aliases, suggestions for gh's
/// flags, milestones by number, `watch --since 0`, and the timeline's order after an import.
@Suite struct GhCommandsCLITests {
    @Test func closeWithACommentPostsItThenCloses() async throws {
        let tracker = try await CLITests.tracker()
        #expect(try tracker.run(["create", "-t", "Crash"]).status == 0)
        let closed = try tracker.run(["close", "1", "-c", "Fixed in 1.2"])
        #expect(closed.status == 0, "\(closed.stderr)")
        #expect(
            closed.stdout == "Commented on issue #1 (comment 1)\nClosed issue #1 as completed\n", "\(closed.stdout)")
        let shown = try tracker.run(["show", "1", "--json", "state,comments"])
        #expect(
            shown.stdout.contains("\"state\":\"CLOSED\"") && shown.stdout.contains("Fixed in 1.2"), "\(shown.stdout)")
        let empty = try tracker.run(["close", "1", "--comment", "   "])
        #expect(empty.status == 65 && empty.stdout.isEmpty, "\(empty.stderr)")
        let several = try tracker.run(["close", "1", "2", "--comment", "x"])
        #expect(several.status == 64 && several.stderr.contains("one issue at a time"), "\(several.stderr)")
    }

    @Test func configKeepsSettingsAndSaysWhereEachComesFrom() async throws {
        var tracker = try await CLITests.tracker()
        tracker.environment.removeValue(forKey: "PAGER")
        tracker.environment.removeValue(forKey: "TRACKER_PAGER")
        let home = try #require(tracker.environment["HOME"])
        let file = URL(fileURLWithPath: home).appending(path: ".config/tracker/config.toml")
        let set = try tracker.run(["config", "set", "pager", "less -R"])
        #expect(set.status == 0 && set.stdout == "Set setting 'pager' to 'less -R'\n", "\(set.stderr)")
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(try String(contentsOf: file, encoding: .utf8) == "pager = \"less -R\"\n")
        #expect(try tracker.run(["config", "get", "pager"]).stdout == "less -R\n")
        var listed = try tracker.run(["config", "list"]).stdout
        #expect(listed.contains("pager\tless -R\tconfig \(file.path)\n"), "\(listed)")
        #expect(listed.contains("editor\teditor, nano or vi\tdefault\n"), "\(listed)")
        #expect(listed.contains("database_url\t") && listed.contains("\tenvironment DATABASE_URL\n"), "\(listed)")
        var overridden = tracker
        overridden.environment["TRACKER_PAGER"] = "more"
        listed = try overridden.run(["config", "list"]).stdout
        #expect(listed.contains("pager\tmore\tenvironment TRACKER_PAGER\n"), "tracker's own variable wins: \(listed)")
        overridden.environment = tracker.environment
        overridden.environment["PAGER"] = "most"
        #expect(try overridden.run(["config", "get", "pager"]).stdout == "less -R\n", "the file beats PAGER")

        let unknown = try tracker.run(["config", "set", "pagr", "x"])
        #expect(unknown.status == 64 && unknown.stderr.contains("did you mean pager?"), "\(unknown.stderr)")
        #expect(try tracker.run(["config", "set", "project", "web"]).status == 0)
        #expect(try tracker.run(["config", "get", "project"]).stdout == "web\n")
        #expect(try tracker.run(["config", "unset", "pager"]).status == 0)
        #expect(try tracker.run(["config", "get", "pager"]).stdout == "")

        // The database from the file, when no flag or variable names one.
        let url = try #require(tracker.environment["DATABASE_URL"])
        #expect(try tracker.run(["config", "set", "database_url", url]).status == 0)
        var fromFile = tracker
        fromFile.environment.removeValue(forKey: "DATABASE_URL")
        let users = try fromFile.run(["users", "list"])
        #expect(users.status == 0 && users.stdout.hasPrefix("tester\t"), "\(users.stderr)")

        try Data("pager = 3\n".utf8).write(to: file)
        let broken = try tracker.run(["list"])
        #expect(broken.status == 78 && broken.stderr.split(separator: "\n").count == 1, "\(broken.stderr)")
        #expect(broken.stderr.contains("\(file.path): 'pager' must be a string"), "\(broken.stderr)")
    }

    @Test func aliasesExpandBeforeTheCommandLineIsRead() async throws {
        let tracker = try await CLITests.tracker()
        #expect(try tracker.run(["label", "create", "bug"]).status == 0)
        #expect(try tracker.run(["create", "-t", "One", "-l", "bug"]).status == 0)
        #expect(try tracker.run(["create", "-t", "Two"]).status == 0)
        #expect(try tracker.run(["alias", "set", "bugs", "list --label bug"]).status == 0)
        #expect(try tracker.run(["alias", "set", "by", "list --author $1 --state all"]).status == 0)
        #expect(try tracker.run(["bugs", "--json", "title"]).stdout == "[{\"title\":\"One\"}]\n")
        #expect(try tracker.run(["by", "tester", "--json", "number"]).stdout == "[{\"number\":2},{\"number\":1}]\n")
        #expect(
            try tracker.run(["alias", "list"]).stdout == "bugs\tlist --label bug\nby\tlist --author $1 --state all\n")
        let hiding = try tracker.run(["alias", "set", "list", "list -s all"])
        #expect(hiding.status == 64 && hiding.stderr.contains("cannot hide it"), "\(hiding.stderr)")
        let shell = try tracker.run(["alias", "set", "x", "!rm -rf /"])
        #expect(shell.status == 64, "\(shell.stderr)")
        #expect(try tracker.run(["alias", "delete", "bugs"]).status == 0)
        let gone = try tracker.run(["bugs"])
        #expect(gone.status == 64 && gone.stderr.contains("unknown command 'bugs'"), "\(gone.stderr)")
    }

    @Test func ghHabitsAreAnsweredWithTrackersWay() async throws {
        let tracker = TrackerProcess(databaseSettings: nil)
        for (arguments, said) in [
            (["list", "--user", "bob"], "Did you mean '--as'?"),
            (["list", "--asignee", "bob"], "Did you mean '--assignee'?"),
            (["list", "-R", "x/y"], "takes a project's key such as web"), (["show", "1", "--web"], "no web view"),
        ] {
            let refused = try tracker.run(arguments)
            #expect(refused.status == 64 && refused.stderr.contains(said), "\(arguments): \(refused.stderr)")
            #expect(refused.stderr.split(separator: "\n").count == 1)
        }
        let help = try tracker.run(["list", "--help"]).stdout
        let search = try #require(help.split(separator: "\n").first { $0.contains("-S, --search") })
        #expect(!search.dropFirst(30).contains("   "), "a run of spaces in: \(search)")
    }

    @Test func milestonesAreNamedByTitleOrNumberEverywhere() async throws {
        let tracker = try await CLITests.tracker()
        for title in ["v1.0", "Sprint 12", "2024"] {
            #expect(try tracker.run(["milestone", "create", title]).status == 0)
        }
        #expect(try tracker.run(["create", "-t", "A", "-m", "2"]).status == 0)
        #expect(try tracker.run(["list", "--milestone", "#2", "--json", "number"]).stdout == "[{\"number\":1}]\n")
        #expect(try tracker.run(["edit", "1", "--milestone", "1"]).status == 0)
        #expect(try tracker.run(["show", "1", "--json", "milestone", "-q", ".milestone.title"]).stdout == "v1.0\n")
        let closed = try tracker.run(["milestone", "close", "2"])
        #expect(closed.status == 0 && closed.stdout == "Closed milestone 'Sprint 12'\n", "\(closed.stderr)")
        #expect(try tracker.run(["milestone", "edit", "#2", "--title", "Sprint 13"]).status == 0)
        let digits = try tracker.run(["milestone", "close", "2024"])
        #expect(digits.stdout == "Closed milestone '2024'\n", "a title of digits is its title: \(digits.stderr)")
        let missing = try tracker.run(["milestone", "reopen", "9"])
        #expect(missing.status == 65 && missing.stderr.contains("no milestone '9'"), "\(missing.stderr)")
        #expect(try tracker.run(["milestone", "delete", "1", "--yes"]).stdout.contains("'v1.0'"))
    }

    @Test func watchSinceZeroStartsFromTheFirstEvent() async throws {
        let tracker = try await CLITests.tracker()
        #expect(try tracker.run(["create", "-t", "Before"]).status == 0)
        let watcher = try WatchingProcess(tracker, ["watch", "--since", "0", "--json", "kind,issue"])
        defer { _ = try? watcher.stop() }
        let first = try #require(try watcher.jsonLines(count: 1).first)
        #expect(first["kind"] as? String == "created" && first["issue"] as? Int == 1)
        let refused = try tracker.run(["watch", "--since", "-1"])
        #expect(refused.status == 64, "\(refused.stderr)")
    }

    @Test func anImportedTimelineIsInTimeOrder() async throws {
        let tracker = try await CLITests.tracker()
        let record = """
            [{"number": 1, "title": "Imported", "body": "", "state": "CLOSED", "stateReason": "COMPLETED",
              "author": {"login": "alice"}, "assignees": [], "labels": [], "milestone": null,
              "createdAt": "2024-05-01T22:50:00Z", "updatedAt": "2024-05-01T22:58:38Z",
              "closedAt": "2024-05-01T22:58:38Z",
              "comments": [{"author": {"login": "bob"}, "body": "seen", "createdAt": "2024-05-01T22:57:25Z",
                            "updatedAt": "2024-05-01T22:57:25Z"}]}]
            """
        let imported = try tracker.run(["import", "-"], stdin: record)
        #expect(imported.status == 0, "\(imported.stderr)")
        let events = try tracker.run(["show", "1", "--json", "events", "--jq", ".events[].kind"])
        #expect(events.stdout == "created\ncommented\nclosed\n", "\(events.stdout) \(events.stderr)")
    }
}
