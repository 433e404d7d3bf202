/// Runs a program to completion with posix_spawn and waitpid, its standard streams bound to files.
/// (Foundation's `Process` was seen to miss child exits when several ran at once under Swift
/// concurrency, leaving its caller waiting forever.)
public enum ChildProcess {
    public struct Outcome: Sendable {
        public let status: Int32
        public let stdout: Data
        public let stderr: Data
    }

    /// `environment` nil keeps the caller's. Output is collected through temporary files, so a
    /// grandchild that keeps running (a server started by `pg_ctl`) cannot hold the caller up.
    public static func run(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil, stdin: Data = Data()
    ) throws -> Outcome {
        try start(executable, arguments, environment: environment, stdin: stdin).wait()
    }

    /// Starts the program and returns at once; `wait()` collects it.
    public static func start(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil, stdin: Data = Data()
    ) throws -> Running {
        let scratch = FileManager.default.temporaryDirectory.appending(path: "child-process-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let paths = ["in", "out", "err"].map { scratch.appending(path: $0).path }
        try stdin.write(to: URL(fileURLWithPath: paths[0]))

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, paths[0], O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, paths[1], O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, paths[2], O_WRONLY | O_CREAT | O_TRUNC, 0o600)

        let environment = environment ?? ProcessInfo.processInfo.environment
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }

        var pid = pid_t()
        let spawned = SpawnAttributes.withClean { posix_spawn(&pid, executable, &actions, $0, argv, envp) }
        guard spawned == 0 else {
            try? FileManager.default.removeItem(at: scratch)
            throw ChildProcessError("cannot run \(executable): \(String(cString: strerror(spawned)))")
        }
        return Running(pid: pid, executable: executable, scratch: scratch)
    }

    /// A started child; `wait()` once.
    public struct Running: Sendable {
        public let pid: pid_t
        let executable: String
        let scratch: URL

        /// What the child has written to standard output so far, while it runs.
        public func outputSoFar() -> Data {
            (try? Data(contentsOf: scratch.appending(path: "out"))) ?? Data()
        }

        /// Sends `signal` (e.g. SIGINT, as Ctrl-C does).
        public func send(_ signal: Int32) {
            kill(pid, signal)
        }

        public func wait() throws -> Outcome {
            defer { try? FileManager.default.removeItem(at: scratch) }
            let status = try ChildProcess.waitForExit(pid, executable)
            return Outcome(
                status: status,
                stdout: (try? Data(contentsOf: scratch.appending(path: "out"))) ?? Data(),
                stderr: (try? Data(contentsOf: scratch.appending(path: "err"))) ?? Data())
        }
    }

    /// The exit status, or 128 + the signal that ended it.
    static func waitForExit(_ pid: pid_t, _ executable: String) throws -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            guard errno == EINTR else { throw ChildProcessError("lost track of \(executable)") }
        }
        return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }
}

extension ChildProcess {
    /// Runs a program on the caller's own terminal (standard streams inherited), e.g. an editor.
    public static func runAttached(_ executable: String, _ arguments: [String]) throws -> Int32 {
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let spawned = SpawnAttributes.withClean { posix_spawn(&pid, executable, nil, $0, argv, environ) }
        guard spawned == 0 else {
            throw ChildProcessError("cannot run \(executable): \(String(cString: strerror(spawned)))")
        }
        return try waitForExit(pid, executable)
    }
}

public struct ChildProcessError: Error, Sendable, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
