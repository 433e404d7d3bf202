import Postgres

/// `--verbose`: one line per step on stderr.
struct Trace {
    let enabled: Bool

    /// `line` is only made when tracing: some lines (the redacted database target) cost a parse.
    func say(_ line: @autoclosure () -> String) {
        guard enabled else { return }
        Say.error(line())
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
