import Foundation
import Postgres

/// The statements the server runs for one database, read from the server's log: the database is
/// set to `log_statement = all` (its own sessions only; no other test's database logs statements),
/// and each call of `take()` returns what was logged since the last, by backend process.
public final class StatementLog: @unchecked Sendable {
    public struct Logged: Sendable, Equatable {
        public let process: Int
        public let sql: String
    }

    private let file: URL
    private var offset: UInt64

    /// nil when this server's log cannot be read here.
    public init?(database settings: String) async throws {
        guard let file = try await TestPostgres.shared.serverLogFile() else { return nil }
        let name = try Connection(settings: settings).database
        let admin = try Connection(settings: try await TestPostgres.shared.serverSettings())
        try admin.execute("ALTER DATABASE \"\(name.replacing("\"", with: "\"\""))\" SET log_statement = 'all'")
        self.file = file
        offset = (try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? UInt64) ?? 0
    }

    /// The statements logged since the last call, in order. A statement's text runs on over the
    /// log's continuation lines (tab-indented) until its DETAIL (the parameters) or the next entry.
    public func take() throws -> [Logged] {
        usleep(50_000)  // the backend writes its line before running the statement; let the file catch up
        let handle = try FileHandle(forReadingFrom: file)
        defer { try? handle.close() }
        try handle.seek(toOffset: offset)
        let data = try handle.readToEnd() ?? Data()
        offset += UInt64(data.count)
        var logged: [Logged] = []
        var current: (process: Int, lines: [String])?
        func finish() {
            if let current {
                logged.append(Logged(process: current.process, sql: current.lines.joined(separator: "\n")))
            }
            current = nil
        }
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("\t"), current != nil {
                current?.lines.append(String(line.dropFirst()))
                continue
            }
            finish()
            guard let process = StatementLog.process(of: line) else { continue }
            for marker in ["] LOG:  execute <unnamed>: ", "] LOG:  statement: "] {
                if let range = line.range(of: marker) { current = (process, [String(line[range.upperBound...])]) }
            }
        }
        finish()
        return logged
    }

    /// The backend's process id in the default `log_line_prefix` (`%m [%p] `).
    static func process(of line: Substring) -> Int? {
        guard let open = line.firstIndex(of: "["), let close = line[open...].firstIndex(of: "]") else { return nil }
        return Int(line[line.index(after: open)..<close])
    }
}
