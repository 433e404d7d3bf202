import ChildProcesses
import Foundation
import Postgres

/// `scripts/pg-proxy.py` in front of a test database: a loopback TCP proxy that counts, for each
/// connection, the turns in which the client spoke after the server had (`psql -c 'select 1'`
/// is 3: startup, the query, terminate), optionally adding latency each way.
public struct RoundTripProxy: Sendable {
    /// A connection URL that goes through the proxy.
    public let url: String
    private let countFile: URL
    private let running: ChildProcess.Running

    public static func start(before settings: String, delayMilliseconds: Double = 0) throws -> RoundTripProxy {
        let connection = try Connection(settings: settings)
        let (host, port, database, user) = (connection.host, connection.port, connection.database, connection.user)
        let target = host.hasPrefix("/") ? "\(host)/.s.PGSQL.\(port)" : "\(host):\(port)"
        let scratch =
            ProcessInfo.processInfo.environment["TRACKER_TEST_TMPDIR"].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.temporaryDirectory
        let name = "pg-proxy-\(UUID().uuidString)"
        let portFile = scratch.appending(path: "\(name).port")
        let countFile = scratch.appending(path: "\(name).count")
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appending(path: "scripts/pg-proxy.py")
        let running = try ChildProcess.start(
            "/usr/bin/env",
            [
                "python3", script.path, "--target", target, "--delay-ms", String(delayMilliseconds),
                "--port-file", portFile.path, "--count-file", countFile.path,
            ], environment: ProcessInfo.processInfo.environment, stdin: Data())
        for _ in 0..<200 where !FileManager.default.fileExists(atPath: portFile.path) { usleep(25_000) }
        guard let text = try? String(contentsOf: portFile, encoding: .utf8), let listening = Int(text.trimmed) else {
            kill(running.pid, SIGKILL)
            throw TestPostgresUnavailable("pg-proxy.py did not start")
        }
        // The server's password, when it has one, must reach it through the proxy too.
        let password = try Connection.options(of: settings).last { $0.key == "password" }?.value
        let secret = password.flatMap { $0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) }
        let url =
            "postgresql://\(user)\(secret.map { ":" + $0 } ?? "")@127.0.0.1:\(listening)/\(database)?sslmode=disable"
        return RoundTripProxy(url: url, countFile: countFile, running: running)
    }

    /// The turns a connection takes that sends no query: startup (1, or 3 when the server asks
    /// for a SCRAM password) and terminate. A command's round trips are its turns beyond these.
    public func handshakeTurns() throws -> Int {
        _ = takeTurns()
        do { _ = try Connection(settings: url) }
        guard let turns = takeTurns().last else { throw TestPostgresUnavailable("pg-proxy.py counted no connection") }
        return turns
    }

    /// The turns of each connection that closed since the last call, oldest first.
    public func takeTurns() -> [Int] {
        usleep(100_000)  // the proxy writes a line once both directions have closed
        let text = (try? String(contentsOf: countFile, encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(at: countFile)
        return text.split(separator: "\n").compactMap { Int($0.split(separator: " ").last ?? "") }
    }

    /// SIGKILL: a child started by `ChildProcess` may have SIGTERM blocked.
    public func stop() {
        kill(running.pid, SIGKILL)
        _ = try? running.wait()
    }
}

extension String {
    fileprivate var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
