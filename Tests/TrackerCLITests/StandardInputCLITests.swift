import ChildProcesses
import Foundation
import Postgres
import Testing
import TrackerTestSupport

/// `--body-file -` and `import -` read standard input however it is handed over: closed, or a
/// non-blocking pipe whose writer is slow. Never a crash.
@Suite struct StandardInputCLITests {
    static let issueLine =
        #"{"number": 1, "title": "Slow", "author": {"login": "tester"}, "createdAt": "2024-01-01T00:00:00Z"}"#

    static let commands: [[String]] = [["create", "--title", "From stdin", "--body-file", "-"], ["import", "-"]]

    @Test(arguments: commands)
    func closedStandardInputIsAClearError(_ arguments: [String]) async throws {
        let tracker = try await CLITests.tracker()
        let outcome = try ChildProcess.run(
            "/bin/sh", ["-c", "exec \"$0\" \"$@\" <&-", TrackerProcess.binary.path] + arguments,
            environment: tracker.environment)
        let stderr = String(decoding: outcome.stderr, as: UTF8.self)
        #expect(outcome.status == 65, "\(stderr)")
        #expect(stderr.hasPrefix("tracker: ") && stderr.contains("standard input") && stderr.contains("closed"))
        #expect(stderr.split(separator: "\n").count == 1, "\(stderr)")
    }

    @Test(arguments: commands)
    func aNonBlockingPipeWithASlowWriterIsReadToTheEnd(_ arguments: [String]) async throws {
        let tracker = try await CLITests.tracker()
        let input = arguments[0] == "import" ? StandardInputCLITests.issueLine + "\n" : "slow\nbody"
        let outcome = try NonBlockingPipeRun.run(
            TrackerProcess.binary.path, arguments, environment: tracker.environment, chunks: chunks(of: input))
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let settings = try #require(tracker.environment["DATABASE_URL"])
        let body = try Connection(settings: settings).query("SELECT body FROM issues").rows.first?.decode(
            0, as: String.self)
        #expect(body == (arguments[0] == "import" ? "" : input))
    }

    private func chunks(of text: String) -> [Data] {
        let bytes = Array(text.utf8)
        let middle = bytes.count / 2
        return [Data(bytes[..<middle]), Data(bytes[middle...])]
    }
}

/// Starts a program whose standard input is the read end of a pipe set to O_NONBLOCK, and writes
/// to it in pauses, so the program's reads meet EAGAIN.
enum NonBlockingPipeRun {
    struct Outcome {
        let status: Int32
        let stderr: String
    }

    static func run(
        _ executable: String, _ arguments: [String], environment: [String: String], chunks: [Data]
    )
        throws -> Outcome
    {
        signal(SIGPIPE, SIG_IGN)  // the program may exit before it reads everything
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw ChildProcessErrorForTests("pipe failed") }
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        let errors = FileManager.default.temporaryDirectory.appending(path: "tracker-stderr-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: errors) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, ends[0], 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errors.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        close(ends[0])
        guard spawned == 0 else {
            close(ends[1])
            throw ChildProcessErrorForTests("cannot run \(executable)")
        }
        for chunk in chunks {
            usleep(300_000)
            _ = chunk.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
        }
        close(ends[1])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let code = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        let stderr = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
        return Outcome(status: code, stderr: stderr)
    }
}
