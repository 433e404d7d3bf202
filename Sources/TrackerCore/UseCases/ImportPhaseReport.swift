/// Told a line when each step of an import ends, such as "built index issues_updated in
/// 1.204 s" (`tracker import --verbose`).
public typealias ImportPhaseReport = @Sendable (String) -> Void

/// Times the steps of an import and tells `report` when each ends, in one wording.
public struct ImportPhases: Sendable {
    public let report: ImportPhaseReport

    public init(report: @escaping ImportPhaseReport) {
        self.report = report
    }

    @discardableResult
    public func run<T>(_ name: String, _ body: () throws -> T) rethrows -> T {
        let started = ContinuousClock.now
        let value = try body()
        say(name, since: started)
        return value
    }

    /// For a step whose line names what it found: "read 12 bytes in 0.001 s".
    public func say(_ step: String, since started: ContinuousClock.Instant) {
        report("\(step) in \(started.duration(to: .now).secondsText)")
    }
}

extension Duration {
    /// "1.204 s": whole milliseconds, for people reading a trace.
    public var secondsText: String {
        let (seconds, attoseconds) = components
        let milliseconds = String(attoseconds / 1_000_000_000_000_000)
        return "\(seconds).\(String(repeating: "0", count: max(0, 3 - milliseconds.count)) + milliseconds) s"
    }
}
