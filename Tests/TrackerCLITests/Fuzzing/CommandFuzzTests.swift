import Foundation
import Testing
import TrackerTestSupport

/// Random arguments and standard input for every command: whatever is typed, tracker ends by
/// exiting (never by a signal), and a refusal is one line on stderr.
@Suite struct CommandFuzzTests {
    static let caseCount = Int(ProcessInfo.processInfo.environment["TRACKER_FUZZ_CASES"] ?? "") ?? 200
    static let seed = UInt64(ProcessInfo.processInfo.environment["TRACKER_FUZZ_SEED"] ?? "") ?? 0x6172_6773

    static let commands = [
        ["create"], ["list"], ["show"], ["assign"], ["unassign"], ["close"], ["reopen"], ["import"], ["export"],
        ["users", "add"], ["users", "list"], ["migrate"], [],
    ]
    static let flags = [
        "--title", "--body", "--body-file", "--assignee", "--author", "--state", "--search", "--limit", "--after",
        "--json", "--sort", "--asc", "--reason", "--all", "--as", "--name", "--recover", "--verbose", "--help", "-",
        "--", "--status",
    ]
    static let values = [
        "1", "0", "-1", "#2", "9223372036854775807", "9223372036854775808", "-9223372036854775808", "1e3", "",
        " ", "alice", "@me", "none", "ALICE", "tester", "a--b", String(repeating: "a", count: 40), "open", "closed",
        "all", "OPEN", "not-planned", "completed", "created", "updated", "number,title", "events", "nope",
        "\u{1B}[31mred\u{1B}]0;x\u{07}", "\u{9B}2J", "ログイン", "e\u{301}", "🐘", "/dev/null", "/nonexistent",
        "-", "the", String(repeating: "x", count: 3000), "a\tb", "a\nb", "%s%n", "'; DROP TABLE issues; --",
    ]
    static let inputs = [
        "", "q\n", "n\ntitle\nbody\n.\ndone\nq\n", "a 1\n1\ndone\nq\n", "a 999\nq\n", "v 1\nq\n", "f state:opn\nq\n",
        "/ \u{1B}[2J\nq\n",
        "[{\"title\": \"x\", \"author\": {\"login\": \"a\"}, \"createdAt\": \"2024-01-01T00:00:00Z\"}]",
        "\u{FEFF}{}", "[" + String(repeating: "[", count: 3000), "\u{0}\u{1}\u{2}", ">\n>\n<\n<\nr\n?\nq\n",
    ]

    static let database = Task { () throws -> String in
        let settings = try await TestPostgres.shared.freshDatabase()
        let tracker = TrackerProcess(databaseSettings: settings)
        try tracker.run(["users", "add", "tester"])
        try tracker.run(["users", "add", "alice"])
        for title in ["One", "Two", "Three"] { try tracker.run(["create", "--title", title, "--assignee", "alice"]) }
        return settings
    }

    @Test(arguments: 0..<caseCount)
    func anyCommandLineEndsInAnExitNotASignal(_ index: Int) async throws {
        var random = SeededGenerator(seed: Self.seed &+ UInt64(index))
        var arguments = random.pick(Self.commands)
        for _ in 0..<Int.random(in: 0...5, using: &random) {
            arguments.append(random.chance(50) ? random.pick(Self.flags) : random.pick(Self.values))
        }
        let input = random.pick(Self.inputs)
        let tracker = TrackerProcess(databaseSettings: try await Self.database.value)
        let outcome = try tracker.run(arguments, stdin: input)
        let replay =
            "tracker \(arguments) <<< \(input.debugDescription.prefix(80)); TRACKER_FUZZ_SEED=\(Self.seed) case \(index)"
        #expect(outcome.status < 128, "ended by a signal: \(outcome.stderr.suffix(300)); \(replay)")
        #expect(!outcome.stderr.contains("Fatal error"), "\(outcome.stderr.suffix(300)); \(replay)")
        if outcome.status != 0 {
            #expect(
                outcome.stderr.split(separator: "\n").count == 1, "one line on stderr: \(outcome.stderr); \(replay)")
        }
    }
}
