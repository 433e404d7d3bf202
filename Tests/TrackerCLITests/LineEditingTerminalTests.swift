import Foundation
import Postgres
import Testing
import TrackerTestSupport

/// The interactive front in a real terminal emulator (tmux), typed at key by key: what the screen
/// shows after erasing wide characters is what gets saved, and the terminal's settings come back
/// whether tracker quits or is interrupted.
@Suite struct LineEditingTerminalTests {
    let socket: String
    let session = "tracker"

    init() throws {
        let scratch =
            ProcessInfo.processInfo.environment["TRACKER_TEST_TMPDIR"] ?? FileManager.default.temporaryDirectory.path
        socket = URL(fileURLWithPath: scratch).appending(path: "tmux-\(UUID().uuidString.prefix(8))").path
    }

    @discardableResult
    func tmux(_ arguments: [String], environment: [String: String]? = nil) throws -> String {
        let outcome = try ChildProcess.run(
            "/usr/bin/tmux", ["-u", "-S", socket, "-f", "/dev/null"] + arguments,
            environment: environment)
        #expect(outcome.status == 0, "tmux \(arguments): \(String(decoding: outcome.stderr, as: UTF8.self))")
        return String(decoding: outcome.stdout, as: UTF8.self)
    }

    /// Runs tracker in a shell that, once tracker ends however it ends, prints the terminal's settings.
    func start(_ tracker: TrackerProcess) throws {
        var environment = tracker.environment
        environment["LC_ALL"] = "C.UTF-8"
        let command =
            "trap : INT; '\(TrackerProcess.binary.path)'; echo \"exit $?\"; stty -a; echo SESSION-OVER; sleep 600"
        try tmux(["new-session", "-d", "-s", session, "-x", "120", "-y", "50", command], environment: environment)
    }

    func keys(_ text: String) throws { try tmux(["send-keys", "-t", session, "-l", text]) }
    func press(_ names: String...) throws { try tmux(["send-keys", "-t", session] + names) }
    func screen() throws -> String { try tmux(["capture-pane", "-p", "-t", session, "-S", "-200"]) }

    /// Polls the screen (trailing spaces are not kept) until `done` holds (20 s at most); returns the last screen seen.
    @discardableResult
    func waitFor(_ what: String, _ done: (String) -> Bool) async throws -> String {
        var last = ""
        for _ in 0..<200 {
            last = try screen()
            if done(last) { return last }
            try await Task.sleep(for: .milliseconds(100))
        }
        Issue.record("timed out waiting for \(what); the screen:\n\(last)")
        return last
    }

    @discardableResult
    func waitFor(_ text: String) async throws -> String {
        try await waitFor(text) { $0.contains(text) }
    }

    func expectSettingsRestored(_ screen: String) {
        let settings = screen.components(separatedBy: .whitespacesAndNewlines)
        #expect(settings.contains("icanon") && settings.contains("echo") && settings.contains("isig"), "\(screen)")
        #expect(!settings.contains("-icanon") && !settings.contains("-echo"), "\(screen)")
    }

    @Test func theTitleSavedIsTheTitleShownAfterErasingWideCharacters() async throws {
        let tracker = try await CLITests.tracker()
        try start(tracker)
        defer { _ = try? tmux(["kill-server"]) }
        try await waitFor("tracker>")
        try keys("n")
        try press("Enter")
        try await waitFor("Title:")
        try keys("Fix 設定画面X")
        try press("BSpace", "BSpace", "BSpace")
        try keys("Z")
        let typed = try await waitFor("the title after two backspaces") { screen in
            screen.split(separator: "\n").contains { $0.hasPrefix("Title: ") && $0.contains("Z") }
        }
        let shown = typed.split(separator: "\n").last { $0.hasPrefix("Title: ") }.map {
            String($0.dropFirst("Title: ".count)).trimmingCharacters(in: .whitespaces)
        }
        #expect(shown == "Fix 設定Z")
        try press("Enter")
        try await waitFor("Body")
        try keys(".")
        try press("Enter")
        try await waitFor("Choose assignees?")
        try keys("n")
        try press("Enter")
        try await waitFor("Create this issue?")
        try keys("y")
        try press("Enter")
        try await waitFor("Created issue #1.")
        try keys("q")
        try press("Enter")
        let after = try await waitFor("SESSION-OVER")
        #expect(after.contains("exit 0"))
        expectSettingsRestored(after)

        let listed = try tracker.run(["list", "--json", "title"])
        let issues = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        #expect(issues.count == 1)
        #expect(issues.first?["title"] as? String == shown)
    }

    @Test func ctrlCInTheMiddleOfALineLeavesTheTerminalAsItWas() async throws {
        let tracker = try await CLITests.tracker()
        try start(tracker)
        defer { _ = try? tmux(["kill-server"]) }
        try await waitFor("tracker>")
        try keys("n")
        try press("Enter")
        try await waitFor("Title:")
        try keys("half a 設")
        try press("C-c")
        let after = try await waitFor("SESSION-OVER")
        #expect(after.contains("exit 130"), "killed by SIGINT")
        expectSettingsRestored(after)
        let listed = try tracker.run(["list", "--json", "title"])
        #expect(listed.stdout.filter { !$0.isWhitespace } == "[]")
    }
}
