import ChildProcesses
import Foundation
import Testing
import TrackerTestSupport

/// The interactive front in a real terminal emulator (tmux), typed at key by key: what the screen
/// shows after erasing wide characters is what gets saved, and the terminal's settings come back
/// whether tracker quits or is interrupted.
@Suite struct LineEditingTerminalTests {
    let terminal = TmuxSession()

    func start(_ tracker: TrackerProcess) throws { try terminal.start(tracker, ["--plain"]) }
    func stop() { terminal.stop() }
    func keys(_ text: String) throws { try terminal.keys(text) }
    func press(_ names: String...) throws { try terminal.tmux(["send-keys", "-t", terminal.name] + names) }

    @discardableResult
    func waitFor(_ what: String, _ done: (String) -> Bool) async throws -> String {
        try await terminal.waitFor(what, done)
    }

    @discardableResult
    func waitFor(_ text: String) async throws -> String { try await terminal.waitFor(text) }

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
        try await waitFor("Created issue #1\n")
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
