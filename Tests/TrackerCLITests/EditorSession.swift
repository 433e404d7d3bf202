import ChildProcesses
import Foundation
import TrackerTestSupport

/// Runs tracker on a pseudo-terminal (util-linux `script` allocates it), with `$EDITOR` set to a
/// small shell script that rewrites the file it is given, as a person at a terminal would.
struct EditorSession {
    struct Outcome {
        let status: Int32
        /// Everything the terminal showed (stdout and stderr), with `\r\n` read as `\n`.
        let screen: String
    }

    /// Scratch space for the editor scripts and the flag files they wait on.
    let folder: URL

    init() throws {
        let scratch =
            ProcessInfo.processInfo.environment["TRACKER_TEST_TMPDIR"].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.temporaryDirectory
        folder = scratch.appending(path: "editor-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// An `$EDITOR` value running `script` with the file as `$1`.
    func editor(_ name: String, _ script: String) throws -> String {
        let file = folder.appending(path: "\(name).sh")
        try script.write(to: file, atomically: true, encoding: .utf8)
        return "sh \(file.path)"
    }

    func flag(_ name: String) -> URL { folder.appending(path: name) }

    /// Starts `tracker arguments…` on a terminal of its own without waiting for it.
    /// `stdin`: what the person types, waiting in the terminal until tracker reads it.
    func start(
        _ tracker: TrackerProcess, _ arguments: [String], editor: String, stdin: Data = Data()
    ) throws -> ChildProcess.Running {
        var environment = tracker.environment
        environment["EDITOR"] = editor
        environment.removeValue(forKey: "VISUAL")
        let command = ([TrackerProcess.binary.path] + arguments).map(Self.quoted).joined(separator: " ")
        return try ChildProcess.start(
            "/usr/bin/script", ["-qec", command, "/dev/null"], environment: environment, stdin: stdin)
    }

    func run(_ tracker: TrackerProcess, _ arguments: [String], editor: String) throws -> Outcome {
        Self.outcome(try start(tracker, arguments, editor: editor).wait())
    }

    static func outcome(_ finished: ChildProcess.Outcome) -> Outcome {
        let screen = String(decoding: finished.stdout, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
        return Outcome(status: finished.status, screen: screen)
    }

    /// Waits up to 20 s for a flag file an editor script creates.
    func waitFor(_ name: String) async throws -> Bool {
        for _ in 0..<200 {
            if FileManager.default.fileExists(atPath: flag(name).path) { return true }
            try await Task.sleep(for: .milliseconds(100))
        }
        return false
    }

    private static func quoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
