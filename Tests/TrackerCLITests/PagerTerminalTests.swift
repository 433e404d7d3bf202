import ChildProcesses
import Foundation
import Testing
import TrackerTestSupport

/// The pager (issue 14): `show` and long `list`/`status` output on a terminal go through
/// `$TRACKER_PAGER`, else `$PAGER`, else `less -FRX`; never through a pipe.
@Suite struct PagerTerminalTests {
    let terminal = TmuxSession()

    /// A tracker holding `count` issues, imported in one go (numbers 1…count, newest last).
    static func tracker(issues count: Int) async throws -> TrackerProcess {
        let tracker = try await CLITests.tracker()
        let records = (1...count).map { number in
            #"{"number": \#(number), "title": "Seeded issue \#(number)", "author": {"login": "tester"}, "#
                + #""createdAt": "2024-01-01T00:00:\#(String(format: "%02d", number % 60))Z"}"#
        }
        let imported = try tracker.run(["import", "-"], stdin: records.joined(separator: "\n"))
        #expect(imported.status == 0, "\(imported.stderr)")
        return tracker
    }

    /// less's prompt, `:`, on the screen's last line.
    static func waitsInLess(_ screen: String) -> Bool {
        screen.split(separator: "\n").last == ":"
    }

    /// A pager that marks where its input starts and ends.
    static let markingPager = "sh -c 'echo PAGER-START; cat; echo PAGER-END'"

    /// The command on a pseudo-terminal (util-linux `script`), `rows` high: what it showed.
    func onATerminal(_ tracker: TrackerProcess, _ arguments: [String], rows: Int = 24) throws -> String {
        var environment = tracker.environment
        environment["LINES"] = "\(rows)"
        let command = ([TrackerProcess.binary.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
        let outcome = try ChildProcess.run(
            "/usr/bin/script", ["-qec", command, "/dev/null"], environment: environment, stdin: Data())
        #expect(outcome.status == 0, "\(arguments)")
        return String(decoding: outcome.stdout, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
    }

    /// Ctrl-C is the pager's: tracker waits for it rather than leave it behind.
    @Test func aLongListOpensLessAndQuittingItEndsTracker() async throws {
        var tracker = try await Self.tracker(issues: 40)
        tracker.environment.removeValue(forKey: "NO_COLOR")
        defer { terminal.stop() }
        try terminal.start(tracker, ["list", "--limit", "40"], columns: 80, rows: 20)
        let first = try await terminal.waitFor("less's prompt") { $0.contains("#40 ") && Self.waitsInLess($0) }
        #expect(!first.contains("#1 ") && !first.contains("exit"), "one screen, and tracker waits: \(first)")
        let coloured = try terminal.tmux(["capture-pane", "-p", "-e", "-t", terminal.name])
        #expect(coloured.contains("\u{1B}[32m#39"), "less -R keeps the number's colour: \(coloured)")
        try terminal.keys(" ")
        try await terminal.waitFor("the next screen") { $0.contains("#21 ") }
        try terminal.press("C-c")
        try await terminal.waitFor("less after Ctrl-C") { Self.waitsInLess($0) }
        try terminal.keys("q")
        let after = try await terminal.waitFor("SESSION-OVER")
        #expect(after.contains("exit 0"), "\(after)")
        #expect(!after.contains("tracker:"), "no error")
    }

    @Test func leavingThePagerBeforeTheEndOfAHugeListIsAQuietExit() async throws {
        let tracker = try await Self.tracker(issues: 1500)
        defer { terminal.stop() }
        try terminal.start(tracker, ["list", "--limit", "0"], columns: 80, rows: 20)
        try await terminal.waitFor("less's prompt") { $0.contains("#1500 ") && Self.waitsInLess($0) }
        try terminal.keys("q")
        let after = try await terminal.waitFor("SESSION-OVER")
        #expect(after.contains("exit 0"), "the rest was never written, and that is fine: \(after)")
        #expect(!after.contains("tracker:") && !after.contains("Broken pipe"), "\(after)")
    }

    @Test func showAlwaysGoesThroughThePagerAndAShortListNever() async throws {
        var tracker = try await Self.tracker(issues: 30)
        tracker.environment["TRACKER_PAGER"] = Self.markingPager
        let shown = try onATerminal(tracker, ["show", "1"])
        let paged = try #require(shown.range(of: "PAGER-START\n")).upperBound
        #expect(shown[paged...].hasPrefix("#1 Seeded issue 1\n") && shown.hasSuffix("PAGER-END\n"), "\(shown)")
        #expect(!(try onATerminal(tracker, ["list", "--limit", "5"])).contains("PAGER-START"), "fits the screen")
        #expect(!(try onATerminal(tracker, ["status"])).contains("PAGER-START"))
        let long = try onATerminal(tracker, ["list", "--limit", "30"])
        #expect(long.hasPrefix("PAGER-START\n#") && long.contains("#1 ") && long.hasSuffix("PAGER-END\n"), "\(long)")
        let tall = try onATerminal(tracker, ["list", "--limit", "30"], rows: 40)
        #expect(!tall.contains("PAGER-START") && tall.contains("#1 "), "30 rows fit on a 40-row terminal")
    }

    @Test(arguments: [
        (["--no-pager"], [:]), ([], ["TRACKER_PAGER": "cat"]), ([], ["PAGER": "cat"]), ([], ["TRACKER_PAGER": ""]),
    ])
    func noPagerOrCatPrintsDirectly(_ flags: [String], _ settings: [String: String]) async throws {
        var tracker = try await Self.tracker(issues: 30)
        tracker.environment.merge(settings) { $1 }
        if settings["PAGER"] != nil { tracker.environment.removeValue(forKey: "TRACKER_PAGER") }
        for arguments in [["show", "1"], ["list", "--limit", "30"]] {
            let printed = try onATerminal(tracker, arguments + flags)
            let issueOne = printed.range(of: #"#1 +Seeded issue 1\b"#, options: .regularExpression)
            #expect(issueOne != nil && !printed.contains("\u{1B}[?"), "no less: \(printed)")
        }
    }

    @Test func trackerPagerComesBeforePagerAndJSONIsNeverPaged() async throws {
        var tracker = try await Self.tracker(issues: 30)
        tracker.environment["PAGER"] = "sh -c 'echo WRONG-PAGER; cat'"
        tracker.environment["TRACKER_PAGER"] = Self.markingPager
        #expect(try onATerminal(tracker, ["show", "1"]).hasPrefix("PAGER-START\n"))
        tracker.environment.removeValue(forKey: "TRACKER_PAGER")
        #expect(try onATerminal(tracker, ["show", "1"]).hasPrefix("WRONG-PAGER\n"), "PAGER when it is alone")
        let json = try onATerminal(tracker, ["list", "--limit", "30", "--json", "number"])
        #expect(json.hasPrefix("[") && !json.contains("WRONG-PAGER"))
    }

    @Test func aPipeIsNeverPaged() async throws {
        var tracker = try await Self.tracker(issues: 30)
        tracker.environment["TRACKER_PAGER"] = Self.markingPager
        tracker.environment["TRACKER_FORCE_TTY"] = "80"
        for arguments in [["show", "1"], ["list", "--limit", "30"], ["status"]] {
            let outcome = try tracker.run(arguments)
            #expect(outcome.status == 0 && !outcome.stdout.contains("PAGER-START"), "\(arguments)")
        }
    }

    @Test(arguments: ["no-such-pager-anywhere --flag", "/nowhere/less", "sh -c 'exit 127'"])
    func aPagerThatCannotStartLeavesPlainOutputAndNoError(_ pager: String) async throws {
        var tracker = try await Self.tracker(issues: 30)
        tracker.environment["TRACKER_PAGER"] = pager
        let shown = try onATerminal(tracker, ["show", "1"])
        #expect(shown.hasPrefix("#1 Seeded issue 1\n"), "\(shown)")
        #expect(!shown.contains("not found") && !shown.contains("tracker:"), "\(shown)")
        let listed = try onATerminal(tracker, ["list", "--limit", "30"])
        #expect(listed.split(separator: "\n").count == 31 && listed.contains("#1 "), "\(listed)")
    }
}
