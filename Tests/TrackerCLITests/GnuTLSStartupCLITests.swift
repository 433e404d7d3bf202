import Foundation
import Testing
import TrackerTestSupport

/// Issue 34: GnuTLS, loaded with libpq (through libldap) and never used by it, skips its own
/// initialization because the binary defines `_gnutls_global_init_skip` (`GnuTLSStartup.c`).
/// The dynamic linker's own account of a real `tracker list` says GnuTLS's call went to tracker.
@Suite struct GnuTLSStartupCLITests {
    @Test func gnuTLSAsksTrackerWhetherToInitializeAtLoad() async throws {
        var tracker = try await CLITests.tracker()
        let folder = FileManager.default.temporaryDirectory.appending(path: "ld-debug-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        tracker.environment["LD_DEBUG"] = "bindings"
        tracker.environment["LD_DEBUG_OUTPUT"] = folder.appending(path: "bindings").path
        let listed = try tracker.run(["list"])
        #expect(listed.status == 0, "\(listed.stderr)")
        let logs = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        let lines = try logs.flatMap { name in
            try String(contentsOf: folder.appending(path: name), encoding: .utf8).split(separator: "\n")
        }
        let asked = lines.filter { $0.contains("symbol `_gnutls_global_init_skip'") }
        #expect(asked.count == 1, "libpq's libraries load GnuTLS once: \(asked)")
        #expect(
            asked.allSatisfy { $0.contains("libgnutls") && $0.contains(" to \(TrackerProcess.binary.path) ") },
            "the call binds to tracker's definition, not GnuTLS's own: \(asked)")
    }
}
