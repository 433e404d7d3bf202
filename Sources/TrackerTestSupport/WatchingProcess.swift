import ChildProcesses
import Foundation
import Postgres
import Synchronization

/// A `tracker watch` running beside the test: its lines are read as it prints them.
public final class WatchingProcess: Sendable {
    public let process: ChildProcess.Running
    private let ended = Mutex<ChildProcess.Outcome?>(nil)
    /// How long to wait for lines that should come: a bound against hanging, not a speed test.
    public static let patience: Duration = .seconds(60)

    public init(_ tracker: TrackerProcess, _ arguments: [String]) throws {
        process = try tracker.start(arguments)
    }

    /// The first `count` lines printed, once that many are there.
    public func lines(count: Int) throws -> [String] {
        try Self.waitFor("\(count) lines from tracker watch", in: process) {
            let lines = String(decoding: process.outputSoFar(), as: UTF8.self).split(separator: "\n")
            return lines.count >= count ? lines.prefix(count).map(String.init) : nil
        }
    }

    public func jsonLines(count: Int) throws -> [[String: Any]] {
        try lines(count: count).map { line in
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                throw ChildProcessFailure("not a JSON object: \(line)")
            }
            return object
        }
    }

    /// Ends it as Ctrl-C would (once: later calls give the same outcome), and collects it.
    @discardableResult
    public func stop() throws -> ChildProcess.Outcome {
        try ended.withLock { ended in
            if let ended { return ended }
            process.send(SIGINT)
            let outcome = try process.wait()
            ended = outcome
            return outcome
        }
    }

    /// Polls `probe` until it gives a value; fails after `patience`.
    public static func waitFor<T>(
        _ what: String, in process: ChildProcess.Running? = nil, _ probe: () throws -> T?
    ) throws -> T {
        let deadline = ContinuousClock.now + patience
        while ContinuousClock.now < deadline {
            if let value = try probe() { return value }
            Thread.sleep(forTimeInterval: 0.02)
        }
        let printed = process.map { String(decoding: $0.outputSoFar(), as: UTF8.self) } ?? ""
        throw ChildProcessFailure("waited \(patience) for \(what); printed so far: \(printed)")
    }
}

public struct ChildProcessFailure: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

extension TrackerProcess {
    /// The listening sessions (`tracker live`) open on this tracker's database; `readingFeed`:
    /// only those that have read the feed once, so wait for changes now.
    public func liveSessions(readingFeed: Bool = false) throws -> Int {
        let feed = readingFeed ? " AND query LIKE '%tracker live: changes%'" : ""
        guard let settings = environment["DATABASE_URL"] else { throw ChildProcessFailure("no DATABASE_URL") }
        return try Connection(settings: settings).query(
            "SELECT count(*)::int FROM pg_stat_activity WHERE application_name = 'tracker live' "
                + "AND datname = current_database()" + feed
        ).rows[0].decode(0)
    }
}
