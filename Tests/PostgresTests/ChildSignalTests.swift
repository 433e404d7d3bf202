import ChildProcesses
import Foundation
import Testing

/// A child starts with no signal blocked and SIGTERM, SIGINT and SIGPIPE at their defaults,
/// whatever the starting thread blocks or ignores: it inherits both, and Swift's and
/// libdispatch's threads block nearly every signal (a pgbouncer started so never stopped).
@Suite(.serialized) struct ChildSignalTests {
    /// The child's blocked and ignored signal masks, as it reports them.
    static func masks(of outcome: ChildProcess.Outcome) throws -> (blocked: UInt64, ignored: UInt64) {
        let lines = String(decoding: outcome.stdout, as: UTF8.self).split(separator: "\n")
        func mask(_ name: String) throws -> UInt64 {
            let line = try #require(lines.first { $0.hasPrefix(name + ":") })
            return try #require(UInt64(line.dropFirst(name.count + 1).trimmingCharacters(in: .whitespaces), radix: 16))
        }
        return (try mask("SigBlk"), try mask("SigIgn"))
    }

    @Test func aChildNeitherBlocksNorIgnoresWhatItsStarterDid() throws {
        let term = UInt64(1) << (UInt64(SIGTERM) - 1)
        let interrupt = UInt64(1) << (UInt64(SIGINT) - 1)
        var all = sigset_t()
        var before = sigset_t()
        sigfillset(&all)
        pthread_sigmask(SIG_BLOCK, &all, &before)
        let previous = signal(SIGINT, SIG_IGN)
        defer {
            signal(SIGINT, previous)
            pthread_sigmask(SIG_SETMASK, &before, nil)
        }
        let outcome = try ChildProcess.run("/bin/grep", ["-E", "^Sig(Blk|Ign):", "/proc/self/status"])
        let masks = try Self.masks(of: outcome)
        #expect(masks.blocked == 0, "blocked: \(String(masks.blocked, radix: 16))")
        #expect(masks.ignored & (term | interrupt) == 0, "ignored: \(String(masks.ignored, radix: 16))")
    }
}
