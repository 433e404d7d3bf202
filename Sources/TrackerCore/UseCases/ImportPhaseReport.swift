/// Told a line when each step of an import ends, such as "built index issues_updated in
/// 1.204 s" (`tracker import --verbose`).
public typealias ImportPhaseReport = @Sendable (String) -> Void

extension Duration {
    /// "1.204 s": whole milliseconds, for people reading a trace.
    public var secondsText: String {
        let (seconds, attoseconds) = components
        let milliseconds = String(attoseconds / 1_000_000_000_000_000)
        return "\(seconds).\(String(repeating: "0", count: max(0, 3 - milliseconds.count)) + milliseconds) s"
    }
}
