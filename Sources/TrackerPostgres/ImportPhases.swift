import TrackerCore

/// Times each step of an import and tells `report` when it ends (`tracker import --verbose`).
struct ImportPhases {
    let report: ImportPhaseReport

    @discardableResult
    func run<T>(_ name: String, _ body: () throws -> T) rethrows -> T {
        let clock = ContinuousClock()
        let started = clock.now
        let value = try body()
        report("\(name) in \(started.duration(to: clock.now).secondsText)")
        return value
    }
}
