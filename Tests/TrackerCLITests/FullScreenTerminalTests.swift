import Foundation
import Testing
import TrackerTestSupport

/// The full-screen front through the real binary in a real terminal (tmux, a socket per test),
/// on a real PostgreSQL: moving with the keys, the actions, the tabs, a resize, and the
/// terminal given back however tracker ends.
@Suite struct FullScreenTerminalTests {
    let terminal = TmuxSession()
    let scratch: URL

    init() throws {
        let root =
            ProcessInfo.processInfo.environment["TRACKER_TEST_TMPDIR"] ?? FileManager.default.temporaryDirectory.path
        scratch = URL(fileURLWithPath: root).appending(path: "full-screen-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    /// Runs tracker full screen in a shell that keeps `stty -a` from before and after it. The
    /// shell then waits: tmux 3.3 loses the last bytes of a pane that ends as soon as it wrote them.
    func start(_ tracker: TrackerProcess, columns: Int = 120, rows: Int = 30) throws {
        var environment = tracker.environment
        environment["LC_ALL"] = "C.UTF-8"
        // No Swift backtracer: a crash signal sent with kill ends the process as a fault does (the
        // backtracer returns from a signal it did not see raised by a fault, and the process goes on).
        environment["SWIFT_BACKTRACE"] = "enable=no"
        let folder = scratch.path
        let command =
            "trap : INT; ulimit -c 0; stty -a > '\(folder)/before'; '\(TrackerProcess.binary.path)'; echo \"exit $?\"; "
            + "stty -a > '\(folder)/after'; echo SESSION-OVER; sleep 600"
        try terminal.tmux(
            [
                "start-server", ";", "set-option", "-g", "remain-on-exit", "on", ";",
                "new-session", "-d", "-s", terminal.name, "-x", "\(columns)", "-y", "\(rows)", command,
            ], environment: environment)
    }

    func settings(_ name: String) throws -> String {
        try String(contentsOf: scratch.appending(path: name), encoding: .utf8)
    }

    /// The person's terminal is as it was: the same settings, the normal screen, the cursor
    /// shown, lines wrapping again.
    func expectTerminalGivenBack(_ screen: String) throws {
        #expect(try settings("before") == settings("after"), "stty -a before and after differ")
        #expect(try terminal.pane("alternate_on") == "0", "still on the alternate screen")
        #expect(try terminal.pane("cursor_flag") == "1", "the cursor is hidden")
        #expect(try terminal.pane("wrap_flag") == "1", "lines no longer wrap")
        #expect(!screen.contains("[1 Issues]"), "the full screen is gone from the shell's screen:\n\(screen)")
    }

    func stop() {
        terminal.stop()
        try? FileManager.default.removeItem(at: scratch)
    }

    /// With several projects the list says which one it shows, and `p` picks another (issue 31).
    @Test func theListsTitleNamesTheProjectAndPSwitchesToAnother() async throws {
        var tracker = try await CLITests.tracker()
        for arguments in [
            ["project", "create", "web", "--no-remote"], ["project", "create", "api", "--no-remote"],
            ["-R", "web", "create", "--title", "Web's first"], ["-R", "api", "create", "--title", "API's first"],
        ] {
            #expect(try tracker.run(arguments).status == 0)
        }
        tracker.environment["TRACKER_PROJECT"] = "web"
        defer { stop() }
        try start(tracker)
        try await terminal.waitFor("Issues in web · state:open · page 1")
        try await terminal.waitFor("▸ #1  Web's first")
        try terminal.keys("p")
        try await terminal.waitFor("Project to open: none")
        try terminal.keys("api")
        try await terminal.waitFor("only api offered") { $0.contains("[ ] api") && !$0.contains("[ ] web") }
        try terminal.press("Enter")
        try terminal.press("Space")
        try await terminal.waitFor("Project to open: api")
        try terminal.press("Enter")
        try await terminal.waitFor("Issues in api · state:open · page 1")
        try await terminal.waitFor("▸ #1  API's first")
        try terminal.keys(":")
        try terminal.type("project nope")
        try await terminal.waitFor("no project 'nope'")
        #expect(try terminal.screen().contains("Issues in api"), "a refused project leaves the list where it was")
        try terminal.keys("q")
        try await terminal.waitFor("SESSION-OVER")
    }

    @Test func arrowsOpenAnIssueWhichIsEditedAndAssignedWithTheChecklist() async throws {
        let tracker = try await CLITests.tracker()
        for title in ["Login fails", "Crash on start", "Slow search"] { try tracker.run(["create", "--title", title]) }
        try tracker.run(["users", "add", "bob"])
        defer { stop() }
        try start(tracker)
        try await terminal.waitFor("▸ #3  Slow search")
        try terminal.press("Down")
        try await terminal.waitFor("▸ #2  Crash on start")
        try terminal.press("Enter")
        try await terminal.waitFor("#2 Crash on start")

        try terminal.keys("e")
        try await terminal.waitFor("Title: Crash on start")
        try terminal.keys(" (on ARM)")
        try terminal.press("Enter")
        try await terminal.waitFor("Body (Ctrl-D saves):")
        try terminal.press("C-d")
        try await terminal.waitFor("Edited issue #2")

        try terminal.keys("a")
        try await terminal.waitFor("[ ] tester")
        try terminal.press("Down")
        try terminal.press("Space")
        try await terminal.waitFor("▸ [x] tester")
        try terminal.keys("bo")
        try await terminal.waitFor("▸ [ ] bob")
        try terminal.press("Enter")
        try terminal.press("Space")
        try await terminal.waitFor("▸ [x] bob")
        try terminal.press("Enter")
        let issue = try await terminal.waitFor("Assigned ")
        #expect(issue.contains("Assignees: bob, tester"), "\(issue)")
        try terminal.press("Escape")
        try await terminal.waitFor("▸ #2  Crash on start (on ARM)")
        try terminal.keys("q")
        let after = try await terminal.waitFor("SESSION-OVER")
        #expect(after.contains("exit 0"))
        try expectTerminalGivenBack(after)

        let shown = try tracker.run(["show", "2", "--json", "title,assignees"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any])
        #expect(json["title"] as? String == "Crash on start (on ARM)")
        #expect((json["assignees"] as? [[String: Any]])?.compactMap { $0["login"] as? String } == ["bob", "tester"])
    }

    @Test func numbersTabAndShiftTabSwitchTabs() async throws {
        let tracker = try await CLITests.tracker()
        defer { stop() }
        try start(tracker)
        try await terminal.waitFor("[1 Issues]  2 Labels  3 Milestones  4 People")
        try terminal.keys("2")
        try await terminal.waitFor("1 Issues  [2 Labels]  3 Milestones  4 People")
        try terminal.press("Tab")
        try await terminal.waitFor("1 Issues  2 Labels  [3 Milestones]  4 People")
        try terminal.press("BTab")
        try terminal.press("BTab")
        try await terminal.waitFor("[1 Issues]  2 Labels  3 Milestones  4 People")
        try terminal.keys("4")
        let people = try await terminal.waitFor("1 Issues  2 Labels  3 Milestones  [4 People]")
        #expect(people.contains("tester"))
        try terminal.keys("q")
        try await terminal.waitFor("SESSION-OVER")
    }

    @Test func aResizeTo50ColumnsAndBackIsDrawnAtOnceWithNoRowWrapped() async throws {
        let tracker = try await CLITests.tracker()
        let long = "A title long enough to need all of a wide window and then some more"
        for title in ["Short one", long] { try tracker.run(["create", "--title", title]) }
        defer { stop() }
        try start(tracker, columns: 120, rows: 20)
        try await terminal.waitFor(long)
        try terminal.resize(columns: 50, rows: 20)
        let narrow = try await terminal.waitFor("the list at 50 columns") { $0.contains("A title long enough to…") }
        let joined = try terminal.tmux(["capture-pane", "-p", "-J", "-t", terminal.name])
        #expect(joined == (try terminal.screen()), "capture-pane -J joined a wrapped row:\n\(joined)")
        #expect(narrow.split(separator: "\n").allSatisfy { $0.count <= 50 }, "\(narrow)")
        try terminal.resize(columns: 120, rows: 20)
        try await terminal.waitFor(long)
        try terminal.keys("q")
        try await terminal.waitFor("SESSION-OVER")
    }

    @Test func ctrlCGivesTheTerminalBackAsItWas() async throws {
        let tracker = try await CLITests.tracker()
        try tracker.run(["create", "--title", "Login fails"])
        defer { stop() }
        try start(tracker)
        try await terminal.waitFor("▸ #1  Login fails")
        #expect(try terminal.pane("alternate_on") == "1")
        try terminal.press("C-c")
        let after = try await terminal.waitFor("SESSION-OVER")
        #expect(after.contains("exit 130"), "ended by SIGINT:\n\(after)")
        try expectTerminalGivenBack(after)
    }

    @Test(arguments: [(SIGTERM, "143"), (SIGSEGV, "139"), (SIGILL, "132")])
    func aSignalOrACrashGivesTheTerminalBack(_ signal: Int32, _ status: String) async throws {
        let tracker = try await CLITests.tracker()
        defer { stop() }
        try start(tracker)
        try await terminal.waitFor("[1 Issues]")
        let pid = try #require(try terminal.childProcess())
        kill(pid, signal)
        let after = try await terminal.waitFor("SESSION-OVER")
        #expect(after.contains("exit \(status)"), "\(after)")
        try expectTerminalGivenBack(after)
    }

    @Test func ctrlZGivesTheShellItsTerminalAndFgDrawsTheScreenAgain() async throws {
        let tracker = try await CLITests.tracker()
        try tracker.run(["create", "--title", "Login fails"])
        defer { stop() }
        try terminal.startShell(tracker)
        try await terminal.waitFor("$")
        try terminal.type("stty -a > '\(scratch.path)/before'; \"$TRACKER\"")
        try await terminal.waitFor("▸ #1  Login fails")
        try terminal.press("C-z")
        let stopped = try await terminal.waitFor("Stopped")
        #expect(try terminal.pane("alternate_on") == "0")
        #expect(!stopped.contains("▸ #1"))
        try terminal.type("stty -a > '\(scratch.path)/after'; fg")
        try await terminal.waitFor("▸ #1  Login fails")
        #expect(try settings("before") == settings("after"), "the shell had the person's settings while stopped")
        #expect(try terminal.pane("alternate_on") == "1")
        try terminal.press("Down")
        try terminal.keys("q")
        try await terminal.waitFor("the shell's prompt again") { screen in
            !screen.contains("[1 Issues]") && screen.split(separator: "\n").last == "$"
        }
        #expect(try terminal.pane("alternate_on") == "0")
    }

    /// `tracker &`: the terminal is the shell's, so tracker waits, stopped, without drawing over
    /// it or taking its settings; `fg` gives it the terminal and the full screen opens.
    @Test func startedInTheBackgroundItLeavesTheShellsTerminalAlone() async throws {
        let tracker = try await CLITests.tracker()
        try tracker.run(["create", "--title", "Login fails"])
        defer { stop() }
        try terminal.startShell(tracker)
        try await terminal.waitFor("$")
        try terminal.type("stty -a > '\(scratch.path)/before'; \"$TRACKER\" &")
        // bash says a job stopped at its next prompt: press Enter until it does (tracker is slow to
        // start on a loaded machine).
        for _ in 0..<30 where try !terminal.screen().contains("Stopped") {
            try terminal.press("Enter")
            try await Task.sleep(for: .seconds(1))
        }
        try terminal.type("stty -a > '\(scratch.path)/after'")
        try await terminal.waitFor("the shell's prompt after the job stopped") { screen in
            screen.contains("Stopped") && screen.split(separator: "\n").last == "$"
        }
        #expect(try settings("before") == settings("after"), "the shell's terminal settings were changed")
        #expect(try terminal.pane("alternate_on") == "0", "drawn over the shell")
        try terminal.type("fg")
        try await terminal.waitFor("▸ #1  Login fails")
        #expect(try terminal.pane("alternate_on") == "1")
    }

    @Test func theListFollowsChangesMadeElsewhere() async throws {
        let tracker = try await CLITests.tracker()
        try tracker.run(["create", "--title", "Login fails"])
        defer { stop() }
        try start(tracker)
        try await terminal.waitFor("▸ #1  Login fails")
        _ = try WatchingProcess.waitFor("the list listening") {
            try tracker.liveSessions(readingFeed: true) == 1 ? true : nil
        }
        try tracker.run(["create", "--title", "Made in another terminal"])
        try await terminal.waitFor("#2  Made in another terminal")
        try terminal.keys("q")
        try await terminal.waitFor("SESSION-OVER")
    }
}
