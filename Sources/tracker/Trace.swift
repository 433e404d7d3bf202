import Postgres
import TerminalKit

/// `--verbose`: one line per step on the terminal's error output.
struct Trace: Sendable {
    let enabled: Bool
    let errors: any StreamOutput

    /// `line` is only made when tracing: some lines (the redacted database target) cost a parse.
    func say(_ line: @autoclosure () -> String) {
        guard enabled else { return }
        errors.write(Array(Console.errorLine(line()).utf8))
    }
}

extension DatabaseTarget: CustomStringConvertible {
    /// Where tracker connects, with any password replaced by `***`.
    var description: String {
        switch self {
        case .url(let url, _): Connection.redacted(url)
        case .libpqEnvironment: "libpq's PG* environment variables"
        case .managed(let cluster): "the private PostgreSQL in \(cluster.directory.path)"
        }
    }
}
