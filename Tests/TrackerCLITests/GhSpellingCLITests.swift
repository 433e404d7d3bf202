import Foundation
import Testing
import TrackerTestSupport

@testable import tracker

/// What a daily `gh issue` user types works: --version, gh's short flags, typo hints, the
/// noun-verb spelling, gh's value spellings, several issues at once, @me, /dev/null.
@Suite struct GhSpellingCLITests {
    func objects(_ outcome: TrackerProcess.Outcome) throws -> [[String: Any]] {
        #expect(outcome.status == 0, "\(outcome.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [[String: Any]])
    }

    func object(_ outcome: TrackerProcess.Outcome) throws -> [String: Any] {
        #expect(outcome.status == 0, "\(outcome.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
    }

    @Test func versionIsAnsweredBeforeAnyDatabaseIsLookedFor() throws {
        let scratch = FileManager.default.temporaryDirectory.appending(path: "no-cluster-\(UUID().uuidString)")
        var tracker = TrackerProcess(databaseSettings: "postgresql://nobody:secret@unreachable.invalid:1/none")
        tracker.environment["TRACKER_CLUSTER_DIR"] = scratch.path
        tracker.environment["PGHOST"] = "/nonexistent"
        for arguments in [["--version"], ["version"]] {
            let outcome = try tracker.run(arguments)
            #expect(outcome.status == 0, "\(outcome.stderr)")
            #expect(outcome.stdout == "tracker \(TrackerVersion.number)\n")
            #expect(outcome.stderr.isEmpty)
        }
        #expect(!FileManager.default.fileExists(atPath: scratch.path), "no private cluster was made")
    }

    /// libpq and what it pulls in (OpenSSL, Kerberos, LDAP) cost ~5 ms of loading: they are loaded
    /// when a command first reaches a database (LibPQLoader), so these never load them.
    @Test func versionAndHelpStartWithoutLoadingLibpq() async throws {
        func loadsLibpq(_ arguments: [String], _ tracker: TrackerProcess) throws -> Bool {
            var traced = tracker
            traced.environment["LD_DEBUG"] = "libs"
            let outcome = try traced.run(arguments)
            #expect(outcome.status == 0, "\(arguments): \(outcome.stderr)")
            return outcome.stderr.contains("libpq.so")
        }
        let offline = TrackerProcess(databaseSettings: "postgresql://nobody@unreachable.invalid:1/none")
        for arguments in [["--version"], ["--help"], ["list", "--help"]] {
            #expect(try !loadsLibpq(arguments, offline), "\(arguments) loaded libpq")
        }
        #expect(try loadsLibpq(["list"], try await CLITests.tracker()), "a database command loads it on first use")
    }

    @Test func ghsShortFlagsWorkWhereTheLongOnesDo() async throws {
        let tracker = try await CLITests.tracker()
        try tracker.run(["users", "add", "alice"])
        #expect(try tracker.run(["label", "create", "bug", "-c", "d73a4a", "-d", "Broken"]).status == 0)
        #expect(try tracker.run(["milestone", "create", "v1"]).status == 0)
        let notes = FileManager.default.temporaryDirectory.appending(path: "notes-\(UUID().uuidString).md")
        try "from a file".write(to: notes, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: notes) }

        let created = try tracker.run([
            "create", "-t", "Short flags", "-b", "a body", "-a", "alice", "-l", "bug", "-m", "v1",
        ])
        #expect(created.status == 0 && created.stdout == "Created issue #1\n", "\(created.stderr)")
        #expect(!created.stderr.contains("give --title"))
        #expect(try tracker.run(["create", "-t", "From a file", "-F", notes.path]).status == 0)
        let first = try object(try tracker.run(["show", "1", "--json"]))
        #expect(first["body"] as? String == "a body")
        #expect((first["assignees"] as? [[String: String]])?.first?["login"] == "alice")
        #expect((first["labels"] as? [[String: Any]])?.first?["name"] as? String == "bug")
        #expect((first["milestone"] as? [String: Any])?["title"] as? String == "v1")
        #expect(try object(try tracker.run(["show", "2", "--json"]))["body"] as? String == "from a file")

        func listed(_ arguments: [String]) throws -> [Int] {
            try objects(try tracker.run(["list"] + arguments + ["--json", "number"])).compactMap {
                $0["number"] as? Int
            }
        }
        #expect(try listed(["-a", "alice"]) == [1])
        #expect(try listed(["-A", "tester", "-L", "1"]) == [2])
        #expect(try listed(["-l", "bug"]) == [1])
        #expect(try listed(["-m", "v1"]) == [1])
        #expect(try listed(["-S", "file"]) == [2])
        #expect(try tracker.run(["close", "2", "-r", "not-planned"]).status == 0)
        #expect(try listed(["-s", "closed"]) == [2])

        #expect(try tracker.run(["edit", "1", "-t", "Renamed", "-b", "new body"]).status == 0)
        let edited = try object(try tracker.run(["show", "1", "--json"]))
        #expect(edited["title"] as? String == "Renamed" && edited["body"] as? String == "new body")
        #expect(try tracker.run(["comment", "1", "-b", "short"]).status == 0)
        #expect(try tracker.run(["users", "list", "-S", "ali"]).stdout.contains("alice"))
        #expect(try tracker.run(["milestone", "list", "-s", "all", "--json"]).stdout.contains("\"v1\""))
        #expect(try tracker.run(["label", "list", "-S", "bu", "--json"]).stdout.contains("Broken"))
        #expect(try tracker.run(["status", "-L", "1"]).status == 0)
    }

    @Test func aMistypedCommandIsAnsweredWithTheClosestOne() async throws {
        let tracker = TrackerProcess(databaseSettings: "postgresql://nobody@unreachable.invalid:1/none")
        let cases: [([String], String)] = [
            (["lsit"], "tracker: unknown command 'lsit'; did you mean 'list'?\n"),
            (["--as", "bob", "craete", "-t", "x"], "tracker: unknown command 'craete'; did you mean 'create'?\n"),
            (["label", "lsit"], "tracker: unknown command 'label lsit'; did you mean 'label list'?\n"),
            (["issue", "shwo", "1"], "tracker: unknown command 'shwo'; did you mean 'show'?\n"),
            (["frobnicate"], "tracker: unknown command 'frobnicate'; see `tracker --help`\n"),
            (["issue"], "tracker: `tracker issue` needs a command after it, e.g. `tracker issue list`\n"),
        ]
        for (arguments, said) in cases {
            let outcome = try tracker.run(arguments)
            #expect(outcome.status == 64, "\(arguments)")
            #expect(outcome.stderr == said)
            #expect(outcome.stdout.isEmpty)
        }
    }

    @Test func ghsNounVerbSpellingIsTheSameCommand() async throws {
        let tracker = try await CLITests.tracker()
        try tracker.run(["issue", "create", "--title", "Through the noun"])
        #expect(try tracker.run(["issue", "list"]).stdout == (try tracker.run(["list"])).stdout)
        #expect(try tracker.run(["issue", "view", "1"]).stdout == (try tracker.run(["show", "1"])).stdout)
        #expect(try tracker.run(["view", "1", "--json", "title"]).stdout.contains("Through the noun"))
        #expect(try tracker.run(["issue", "close", "1"]).stdout == "Closed issue #1 as completed\n")
    }

    @Test func valuesAreReadInAnyCaseAndGhsSpellings() async throws {
        let tracker = try await CLITests.tracker()
        for title in ["a", "b", "c", "d"] { try tracker.run(["create", "--title", title]) }
        for (number, reason) in [("1", "not planned"), ("2", "not_planned"), ("3", "NOT-PLANNED")] {
            #expect(
                try tracker.run(["close", number, "--reason", reason]).stdout
                    == "Closed issue #\(number) as not planned\n")
        }
        let closed = try objects(try tracker.run(["list", "--state", "CLOSED", "--json", "number,stateReason"]))
        #expect(closed.compactMap { $0["stateReason"] as? String } == ["NOT_PLANNED", "NOT_PLANNED", "NOT_PLANNED"])
        #expect(try objects(try tracker.run(["list", "--state", "Open", "--sort", "UPDATED", "--json"])).count == 1)

        let typo = try tracker.run(["list", "--state", "opn"])
        #expect(typo.status == 64)
        #expect(typo.stderr == "tracker: unknown state 'opn'; did you mean open?\n")
        let reason = try tracker.run(["close", "4", "--reason", "someday"])
        #expect(reason.status == 64)
        #expect(reason.stderr == "tracker: unknown reason 'someday': use completed, not-planned or duplicate\n")
        #expect(try tracker.run(["milestone", "list", "--state", "CLOSED"]).status == 0)
    }

    @Test func closeAndReopenSeveralIssuesAllOrNothing() async throws {
        let tracker = try await CLITests.tracker()
        for title in ["a", "b", "c"] { try tracker.run(["create", "--title", title]) }
        let missing = try tracker.run(["close", "1", "2", "99"])
        #expect(missing.status == 65)
        #expect(missing.stderr == "tracker: issue #99 does not exist; nothing was changed\n")
        #expect(try objects(try tracker.run(["list", "--state", "closed", "--json"])).isEmpty, "none was closed")

        try tracker.run(["close", "2"])
        let closed = try tracker.run(["close", "1", "2", "3", "--reason", "not-planned"])
        #expect(closed.status == 0)
        #expect(
            closed.stdout
                == "Closed issue #1 as not planned\nIssue #2 is already closed\nClosed issue #3 as not planned\n")
        let reopened = try tracker.run(["reopen", "3", "1", "99"])
        #expect(reopened.status == 65)
        #expect(try objects(try tracker.run(["list", "--json"])).isEmpty, "none was reopened")
        #expect(try tracker.run(["reopen", "3", "1"]).stdout == "Reopened issue #3\nReopened issue #1\n")
        #expect(try tracker.run(["close"]).status == 64)
    }

    @Test func createTakesAtMeAndAnEmptyBodyFile() async throws {
        let tracker = try await CLITests.tracker()
        let created = try tracker.run(["create", "--title", "Mine", "--assignee", "@me", "--body-file", "/dev/null"])
        #expect(created.status == 0, "\(created.stderr)")
        let issue = try object(try tracker.run(["show", "1", "--json"]))
        #expect((issue["assignees"] as? [[String: String]])?.map { $0["login"] } == ["tester"])
        #expect(issue["body"] as? String == "")
        let directory = try tracker.run(["create", "--title", "Dir", "--body-file", "/"])
        #expect(directory.status == 65 && directory.stderr.contains("cannot read '/'"))
    }

    @Test(arguments: [["--limit", "-1"], ["-L", "-1"], ["--limit=-1"]])
    func aNegativeLimitSaysWhatIsAllowed(_ arguments: [String]) throws {
        let tracker = TrackerProcess(databaseSettings: "postgresql://nobody@unreachable.invalid:1/none")
        let outcome = try tracker.run(["list"] + arguments)
        #expect(outcome.status == 64)
        #expect(outcome.stderr.hasPrefix("tracker: --limit must be 0 (all) or more"), "\(outcome.stderr)")
    }
}
