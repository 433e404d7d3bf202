import Foundation

/// Runs the built `tracker` binary, as a person or a script would.
public struct TrackerProcess: Sendable {
    public struct Outcome: Sendable {
        public let status: Int32
        public let stdout: String
        public let stderr: String
    }

    public var environment: [String: String]

    /// An environment with no connection settings of the caller's, a private home and no colour.
    public init(databaseSettings: String?, user: String? = "tester", home: URL? = nil) {
        var environment = ProcessInfo.processInfo.environment.filter { key, _ in
            !key.hasPrefix("PG") && key != "DATABASE_URL" && key != "TRACKER_USER" && key != "TRACKER_CLUSTER_DIR"
        }
        let home = home ?? FileManager.default.temporaryDirectory.appending(path: "tracker-home-\(UUID().uuidString)")
        environment["HOME"] = home.path
        environment["XDG_DATA_HOME"] = home.appending(path: "data").path
        environment["XDG_STATE_HOME"] = home.appending(path: "state").path
        environment["NO_COLOR"] = "1"
        if let databaseSettings { environment["DATABASE_URL"] = databaseSettings }
        if let user { environment["TRACKER_USER"] = user }
        self.environment = environment
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

    public func run(_ arguments: [String], stdinData: Data?) throws -> Outcome {
        let process = Process()
        process.executableURL = TrackerProcess.binary
        process.arguments = arguments
        process.environment = environment
        let scratch = FileManager.default.temporaryDirectory.appending(path: "tracker-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outURL = scratch.appending(path: "out")
        let errURL = scratch.appending(path: "err")
        let inURL = scratch.appending(path: "in")
        try (stdinData ?? Data()).write(to: inURL)
        for url in [outURL, errURL] { _ = FileManager.default.createFile(atPath: url.path, contents: nil) }
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        let input = try FileHandle(forReadingFrom: inURL)
        defer { [out, err, input].forEach { try? $0.close() } }
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        process.waitUntilExit()
        return Outcome(
            status: process.terminationStatus,
            stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }
}
