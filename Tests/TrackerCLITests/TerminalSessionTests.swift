import ChildProcesses
import Foundation
import Testing
import TrackerTestSupport

/// The interactive front on a real pseudo-terminal (util-linux `script` allocates it), where
/// colour is on unless NO_COLOR is set and stored escape sequences must stay inert.
@Suite struct TerminalSessionTests {
    func session(_ tracker: TrackerProcess, input: String) throws -> String {
        let outcome = try ChildProcess.run(
            "/usr/bin/script", ["-qec", TrackerProcess.binary.path + " --plain", "/dev/null"],
            environment: tracker.environment,
            stdin: Data(input.utf8))
        #expect(outcome.status == 0)
        return String(decoding: outcome.stdout, as: UTF8.self)
    }

    @Test func colourOnATerminalAndNeverForStoredEscapes() async throws {
        var tracker = try await CLITests.tracker()
        try tracker.run(["create", "--title", "Plain title", "--body", "evil \u{1B}]0;pwned\u{7} body"])
        tracker.environment.removeValue(forKey: "NO_COLOR")
        let screen = try session(tracker, input: "v 1\nb\nq\n")
        #expect(screen.contains("\u{1B}[1m#1 Plain title\u{1B}[0m"), "bold title on a terminal")
        #expect(screen.contains("\u{1B}[32mOPEN\u{1B}[0m"))
        #expect(screen.contains("evil ^[]0;pwned^G body"))
        #expect(!screen.contains("\u{1B}]0;"))

        tracker.environment["NO_COLOR"] = "1"
        let plain = try session(tracker, input: "v 1\nb\nq\n")
        #expect(plain.contains("#1 Plain title"))
        #expect(!plain.contains("\u{1B}["))
    }
}
