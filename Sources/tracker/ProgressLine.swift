import TerminalKit
import TrackerUI

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A progress line on stderr (count, rate, ETA), only when stderr is a terminal.
final class ProgressLine: @unchecked Sendable {
    private let noun: String
    private let enabled = isatty(STDERR_FILENO) == 1
    private let started = Date()

    init(noun: String) {
        self.noun = noun
    }

    func update(_ done: Int, _ total: Int) {
        guard enabled else { return }
        let elapsed = max(Date().timeIntervalSince(started), 0.001)
        let rate = Double(done) / elapsed
        let eta = rate > 0 ? Double(total - done) / rate : 0
        say("\(done)/\(total) \(noun) · \(Int(rate))/s · ETA \(Int(eta.rounded())) s")
    }

    func say(_ text: String) {
        guard enabled else { return }
        StandardStreams.writeError("\r\u{1B}[K\(text)".utf8)
    }

    func finish() {
        guard enabled else { return }
        StandardStreams.writeError("\r\u{1B}[K".utf8)
    }
}
