import TerminalKit

/// A progress line on the terminal's error output (count, rate, ETA), only when a person watches it.
final class ProgressLine: Sendable {
    private let noun: String
    private let errors: any StreamOutput
    private let enabled: Bool
    private let started = Date()

    @MainActor
    init(noun: String, on terminal: any Terminal) {
        self.noun = noun
        errors = terminal.streamError
        enabled = terminal.showsProgress
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
        errors.write(Array("\r\u{1B}[K\(text)".utf8))
    }

    func finish() {
        guard enabled else { return }
        errors.write(Array("\r\u{1B}[K".utf8))
    }
}
