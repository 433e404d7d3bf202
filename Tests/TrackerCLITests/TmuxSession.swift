import ChildProcesses
import Foundation
import Testing
import TrackerTestSupport

/// `tracker` in a real terminal emulator (tmux, on a socket of its own), typed at key by key,
/// for the tests of the interactive front.
struct TmuxSession {
    let socket: String
    let name = "tracker"

    init() {
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

    /// Runs tracker (with `arguments`, on a terminal `columns` wide and `rows` high) in a shell
    /// that, once tracker ends however it ends, prints the terminal's settings and waits to be
    /// stopped, so the screen stays as it was left.
    func start(_ tracker: TrackerProcess, _ arguments: [String] = [], columns: Int = 120, rows: Int = 50) throws {
        var environment = tracker.environment
        environment["LC_ALL"] = "C.UTF-8"
        let words = ([TrackerProcess.binary.path] + arguments).map {
            "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }
        // The shell then waits (as FullScreenTerminalTests' does): a pane whose program has ended can
        // lose the output tmux had not read yet (seen once with a long --help under load).
        let command =
            "trap : INT; \(words.joined(separator: " ")); echo \"exit $?\"; stty -a; echo SESSION-OVER; sleep 600"
        try tmux(
            [
                "start-server", ";", "set-option", "-g", "remain-on-exit", "on", ";",
                "new-session", "-d", "-s", name, "-x", "\(columns)", "-y", "\(rows)", command,
            ], environment: environment)
    }

    /// Runs an interactive shell (bash, no start-up files, prompt `$ `) in the pane instead of
    /// tracker, for what needs job control (Ctrl-Z, `fg`); `"$TRACKER"` runs the binary from there.
    func startShell(_ tracker: TrackerProcess, columns: Int = 120, rows: Int = 40) throws {
        var environment = tracker.environment
        environment["LC_ALL"] = "C.UTF-8"
        environment["TRACKER"] = TrackerProcess.binary.path
        let startup = socket + ".bashrc"
        try "PS1='$ '\n".write(toFile: startup, atomically: true, encoding: .utf8)
        try tmux(
            [
                "start-server", ";", "set-option", "-g", "remain-on-exit", "on", ";",
                "new-session", "-d", "-s", name, "-x", "\(columns)", "-y", "\(rows)",
                "bash --noprofile --rcfile '\(startup)' -i",
            ], environment: environment)
    }

    /// A value of the pane's (tmux's format variables: `alternate_on`, `cursor_flag`, `wrap_flag`).
    func pane(_ variable: String) throws -> String {
        try tmux(["display-message", "-p", "-t", name, "#{\(variable)}"]).trimmingCharacters(
            in: .whitespacesAndNewlines)
    }

    /// The window's new size, as when a person drags its corner.
    func resize(columns: Int, rows: Int) throws {
        try tmux(["resize-window", "-t", name, "-x", "\(columns)", "-y", "\(rows)"])
    }

    /// The process the pane's shell started (tracker), by the shell's children in /proc.
    func childProcess() throws -> Int32? {
        guard let shell = Int32(try pane("pane_pid")) else { return nil }
        let children = (try? String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)) ?? ""
        return children.split(separator: " ").compactMap { Int32($0) }.first
    }

    /// Ends the session; a pane still running (a test that failed midway) is killed outright.
    func stop() {
        let pane = (try? tmux(["display-message", "-p", "-t", name, "#{pane_dead} #{pane_pid}"])) ?? ""
        let fields = pane.split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        if fields.count == 2, fields[0] == "0", let pid = Int32(fields[1]), pid > 1 { kill(-pid, SIGKILL) }
        _ = try? tmux(["kill-server"])
        try? FileManager.default.removeItem(atPath: socket)
        try? FileManager.default.removeItem(atPath: socket + ".bashrc")
    }

    func keys(_ text: String) throws { try tmux(["send-keys", "-t", name, "-l", text]) }
    func press(_ names: String...) throws { try tmux(["send-keys", "-t", name] + names) }
    func screen() throws -> String { try tmux(["capture-pane", "-p", "-t", name, "-S", "-200"]) }
    /// The screen and what scrolled off it, a line the terminal wrapped joined again.
    func joinedScreen() throws -> String { try tmux(["capture-pane", "-p", "-J", "-t", name, "-S", "-2000"]) }

    /// Types a line and presses Enter.
    func type(_ line: String) throws {
        if !line.isEmpty { try keys(line) }
        try press("Enter")
    }

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
}

extension TmuxSession {
    /// Runs the command on a terminal `columns` wide, expects it to succeed, and returns what it
    /// printed, each line as long as it was written (a line the terminal wrapped is joined again)
    /// without trailing spaces.
    func printed(
        _ tracker: TrackerProcess, _ arguments: [String], columns: Int, rows: Int = 40
    ) async throws
        -> [String]
    {
        try start(tracker, arguments, columns: columns, rows: rows)
        let screen = try await waitFor("SESSION-OVER")
        #expect(screen.contains("exit 0"), "\(screen)")
        let joined = try joinedScreen()
        let output = joined[..<(joined.range(of: "exit ")?.lowerBound ?? joined.endIndex)]
        return output.split(separator: "\n").map {
            String($0).replacingOccurrences(of: " +$", with: "", options: .regularExpression)
        }
    }
}
