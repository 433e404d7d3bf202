import Foundation
import Testing
import TrackerTestSupport

/// A private-cluster folder too deep for a Unix socket path is refused up front, saying so.
@Suite struct ClusterPathCLITests {
    @Test func aClusterFolderTooDeepForItsSocketSaysWhatToDo() throws {
        let root =
            ProcessInfo.processInfo.environment["TRACKER_TEST_TMPDIR"].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.temporaryDirectory
        let deep = root.appending(
            path: "tracker-deep-\(UUID().uuidString.prefix(8))/" + String(repeating: "d", count: 90))
        defer { try? FileManager.default.removeItem(at: deep.deletingLastPathComponent()) }
        var tracker = TrackerProcess(databaseSettings: nil)
        tracker.environment["TRACKER_CLUSTER_DIR"] = deep.path
        let outcome = try tracker.run(["list"])
        #expect(outcome.status == 69)
        #expect(
            outcome.stderr.contains("too long") && outcome.stderr.contains("TRACKER_CLUSTER_DIR"), "\(outcome.stderr)")
        #expect(outcome.stderr.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: deep.appending(path: "data").path), "nothing was created")
    }
}
