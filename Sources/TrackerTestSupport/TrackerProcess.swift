import ChildProcesses
import Foundation

/// Runs the built `tracker` binary, as a person or a script would.
public struct TrackerProcess: Sendable {
    public struct Outcome: Sendable {
        public let status: Int32
        public let stdout: String
        public let stderr: String
    }

    public var environment: [String: String]
    /// The folder it runs in; nil, the test's own.
    public var folder: String?

    /// What the caller's environment may hold that would change what tracker prints.
    static let outputSettings: Set = ["TRACKER_FORCE_TTY", "COLUMNS", "LINES", "TRACKER_PAGER", "PAGER", "LESS"]

    /// An environment with no connection or output settings of the caller's, a private home and no colour.
    public init(databaseSettings: String?, user: String? = "tester", home: URL? = nil) {
        var environment = ProcessInfo.processInfo.environment.filter { key, _ in
            !key.hasPrefix("PG") && key != "DATABASE_URL" && key != "TRACKER_USER" && key != "TRACKER_CLUSTER_DIR"
                && !TrackerProcess.outputSettings.contains(key)
        }
        let scratch =
            ProcessInfo.processInfo.environment["TRACKER_TEST_TMPDIR"].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.temporaryDirectory
        let home = home ?? scratch.appending(path: "tracker-home-\(UUID().uuidString)")
        environment["HOME"] = home.path
        environment["XDG_DATA_HOME"] = home.appending(path: "data").path
        environment["XDG_STATE_HOME"] = home.appending(path: "state").path
        environment["NO_COLOR"] = "1"
        if let databaseSettings { environment["DATABASE_URL"] = databaseSettings }
        if let user { environment["TRACKER_USER"] = user }
        self.environment = environment
    }

    /// With no database configured: tracker runs its private cluster in `home`/cluster, as a
    /// newcomer's first run does. `remove()` stops the cluster and deletes `home`.
    public static func privateCluster() -> TrackerProcess {
        // In the run's scratch folder, where scripts/stop-test-clusters.sh finds what a crash left running.
        let scratch =
            ProcessInfo.processInfo.environment["TRACKER_TEST_TMPDIR"].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.temporaryDirectory
        let home = scratch.appending(path: "tracker-home-\(UUID().uuidString.prefix(8))")
        var tracker = TrackerProcess(databaseSettings: nil, user: nil, home: home)
        tracker.environment["TRACKER_CLUSTER_DIR"] = home.appending(path: "cluster").path
        return tracker
    }

    /// Stops a `privateCluster()`'s cluster and deletes its home.
    public func remove() {
        _ = try? run(["db", "stop"])
        if let home = environment["HOME"] { try? FileManager.default.removeItem(atPath: home) }
    }

    public static var binary: URL {
        if let explicit = ProcessInfo.processInfo.environment["TRACKER_BINARY"] {
            return URL(fileURLWithPath: explicit)
        }
        let besideTests = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appending(path: "tracker")
        if FileManager.default.isExecutableFile(atPath: besideTests.path) { return besideTests }
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        return packageRoot.appending(path: ".build/debug/tracker")
    }

    @discardableResult
    public func run(_ arguments: [String], stdin: String? = nil) throws -> Outcome {
        try run(arguments, stdinData: stdin.map { Data($0.utf8) })
    }

    /// Starts the binary without waiting, for runs that must overlap.
    public func start(_ arguments: [String], stdin: String = "") throws -> ChildProcess.Running {
        try ChildProcess.start(TrackerProcess.binary.path, arguments, environment: environment, stdin: Data(stdin.utf8))
    }

    public func run(_ arguments: [String], stdinData: Data?) throws -> Outcome {
        // coreutils' `env -C` runs it in `folder`: posix_spawn's chdir action is not in Glibc's module.
        let (program, words) =
            folder.map { ("/usr/bin/env", ["-C", $0, TrackerProcess.binary.path] + arguments) }
            ?? (TrackerProcess.binary.path, arguments)
        let outcome = try ChildProcess.run(program, words, environment: environment, stdin: stdinData ?? Data())
        TrackerProcess.keep(outcome.stdout + outcome.stderr, of: arguments)
        return Outcome(
            status: outcome.status,
            stdout: String(decoding: outcome.stdout, as: UTF8.self),
            stderr: String(decoding: outcome.stderr, as: UTF8.self))
    }

    /// Keeps what every run printed in `$TRACKER_TEST_TMPDIR/cli-output`, so that `make test`
    /// can check the whole suite's output for terminal control sequences
    /// (scripts/check-terminal-output.py).
    private static func keep(_ printed: Data, of arguments: [String]) {
        guard let root = ProcessInfo.processInfo.environment["TRACKER_TEST_TMPDIR"] else { return }
        let folder = URL(fileURLWithPath: root).appending(path: "cli-output")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let header = Data(("$ tracker " + arguments.joined(separator: " ") + "\n").utf8)
        let file = folder.appending(path: "\(getpid())-\(UUID().uuidString).out")
        try? (header + printed).write(to: file)
    }
}
