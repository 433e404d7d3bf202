import ChildProcesses
import Foundation
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

    /// Runs tmux with no signals blocked: test threads block them, a child inherits the mask,
    /// and a tmux server that never sees SIGCHLD or SIGHUP never ends.
    @discardableResult
    func tmux(_ arguments: [String], environment: [String: String]? = nil) throws -> String {
        var none = sigset_t()
        var blocked = sigset_t()
        sigemptyset(&none)
        pthread_sigmask(SIG_SETMASK, &none, &blocked)
        defer { pthread_sigmask(SIG_SETMASK, &blocked, nil) }
        let outcome = try ChildProcess.run(
            "/usr/bin/tmux", ["-u", "-S", socket, "-f", "/dev/null"] + arguments, environment: environment)
        #expect(outcome.status == 0, "tmux \(arguments): \(String(decoding: outcome.stderr, as: UTF8.self))")
        return String(decoding: outcome.stdout, as: UTF8.self)
    }

    /// Runs tracker in a shell that, once tracker ends however it ends, prints the terminal's
    /// settings; the pane stays on screen after the shell ends.
    func start(_ tracker: TrackerProcess) throws {
        var environment = tracker.environment
        environment["LC_ALL"] = "C.UTF-8"
        let command = "trap : INT; '\(TrackerProcess.binary.path)'; echo \"exit $?\"; stty -a; echo SESSION-OVER"
        try tmux(
            [
                "start-server", ";", "set-option", "-g", "remain-on-exit", "on", ";",
                "new-session", "-d", "-s", session, "-x", "120", "-y", "50", command,
            ], environment: environment)
    }

    /// Ends the session; a pane still running (a test that failed midway) is killed outright.
    func stop() {
        let pane = (try? tmux(["display-message", "-p", "-t", session, "#{pane_dead} #{pane_pid}"])) ?? ""
        let fields = pane.split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        if fields.count == 2, fields[0] == "0", let pid = Int32(fields[1]), pid > 1 { kill(-pid, SIGKILL) }
        _ = try? tmux(["kill-server"])
        try? FileManager.default.removeItem(atPath: socket)
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

    /// Starts the interactive front and goes to the new-issue title prompt.
    func openTheCreator(_ tracker: TrackerProcess) async throws {
        try start(tracker)
        try await waitFor("tracker>")
        try keys("n")
        try press("Enter")
        try await waitFor("Title:")
    }

    @Test func theTitleSavedIsTheTitleShownAfterErasingWideCharacters() async throws {
        let tracker = try await CLITests.tracker()
        defer { stop() }
        try await openTheCreator(tracker)
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
        defer { stop() }
        try await openTheCreator(tracker)
        try keys("half a 設")
        try press("C-c")
        let after = try await waitFor("SESSION-OVER")
        #expect(after.contains("exit 130"), "killed by SIGINT")
        expectSettingsRestored(after)
        let listed = try tracker.run(["list", "--json", "title"])
        #expect(listed.stdout.filter { !$0.isWhitespace } == "[]")
    }
}
