import ChildProcesses
import Foundation
import Testing
import TrackerTestSupport

/// A child starts with no signal blocked and SIGTERM, SIGINT and SIGPIPE at their defaults,
/// whatever the starting thread blocks or ignores: it inherits both, and Swift's and
/// libdispatch's threads block nearly every signal (a pgbouncer started so never stopped).
@Suite(.serialized) struct ChildSignalTests {
    @Test func aChildNeitherBlocksNorIgnoresWhatItsStarterDid() throws {
        let term = SignalMasks.bit(SIGTERM)
        let interrupt = SignalMasks.bit(SIGINT)
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
        let masks = try #require(SignalMasks(status: String(decoding: outcome.stdout, as: UTF8.self)))
        #expect(masks.blocked == 0, "blocked: \(String(masks.blocked, radix: 16))")
        #expect(masks.ignored & (term | interrupt) == 0, "ignored: \(String(masks.ignored, radix: 16))")
    }
}
