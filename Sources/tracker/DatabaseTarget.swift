import Postgres
import TerminalKit
import TrackerCore

/// Which PostgreSQL `tracker` talks to: `--database-url`, else `DATABASE_URL`, else the config
/// file's `database_url`, else libpq's own `PG*` variables when any is set, else the private
/// cluster (see `Settings` for why the config file comes between).
enum DatabaseTarget: Sendable {
    /// A URL or key=value settings, and where they were given (`--database-url`, `DATABASE_URL`).
    case url(String, from: String)
    case libpqEnvironment
    case managed(LocalCluster)

    static let libpqVariables = ["PGHOST", "PGHOSTADDR", "PGPORT", "PGDATABASE", "PGUSER", "PGSERVICE"]

    static func resolve(flag: String?, environment: [String: String]) throws -> DatabaseTarget {
        if let flag { return .url(flag, from: "--database-url") }
        if let url = environment["DATABASE_URL"], !url.isEmpty { return .url(url, from: "DATABASE_URL") }
        if let url = Settings.shared.databaseURL {
            return .url(url, from: "database_url in \(Settings.shared.path)")
        }
        if libpqVariables.contains(where: { environment[$0].map { !$0.isEmpty } ?? false }) {
            return .libpqEnvironment
        }
        return .managed(try PrivateCluster.cluster(environment: environment))
    }

    /// What to check when the database cannot be reached: where its settings came from.
    var unreachableAdvice: String {
        switch self {
        case .url(_, let source): "check \(source)"
        case .libpqEnvironment: "check the PG variables (\(DatabaseTarget.libpqVariables.joined(separator: ", ")))"
        case .managed: "start the private one with `tracker db start`"
        }
    }

    var isManaged: Bool {
        if case .managed = self { return true }
        return false
    }

    /// libpq settings, starting nothing: the private cluster's may not answer yet. `fallback`:
    /// the private cluster's server itself when `settings` are its pooler's, for when the pooler
    /// cannot be reached.
    func settingsWithoutStarting() throws -> (settings: String?, fallback: String?) {
        guard case .managed(let cluster) = self else { return (try connectionSettings(), nil) }
        let settings = cluster.commandSettings()
        let server = cluster.connectionSettings()
        return (settings, settings == server ? nil : server)
    }

    /// libpq settings; for the private cluster this starts it (and creates it on first use).
    func connectionSettings() throws -> String? {
        switch self {
        case .url(let url, _):
            do {
                try Connection.validate(url)
            } catch {
                throw TrackerError.invalidInput(
                    field: "database URL",
                    rule: "it is malformed: \(error.message); check it (postgresql://USER@HOST:PORT/DATABASE, "
                        + "special characters in the password %-encoded)")
            }
            return url
        case .libpqEnvironment:
            return nil
        case .managed(let cluster):
            do {
                return try cluster.ensureRunning { creating in
                    // Said once per start, on stderr: a server now runs after tracker exits.
                    let what = creating ? "created and started" : "started"
                    StandardStreams.writeError(
                        Console.errorLine(
                            "note: \(what) the private PostgreSQL in \(cluster.directory.path) (no database is "
                                + "configured); it keeps running after tracker exits: `tracker db stop` stops it"
                        ).utf8)
                }
            } catch let error as LocalClusterError {
                throw TrackerError.databaseUnavailable("cannot start the private PostgreSQL: \(error.trackerWording)")
            } catch let error as PostgresError {
                throw TrackerError.databaseUnavailable("cannot start the private PostgreSQL: \(error)")
            }
        }
    }
}
