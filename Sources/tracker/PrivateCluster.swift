import Postgres
import TrackerCore

/// tracker's own PostgreSQL, used when no database is configured: where it lives, what its
/// database and superuser are called, and where its server programs are.
enum PrivateCluster {
    static let databaseName = "tracker"
    static let superuser = "tracker"

    static func cluster(environment: [String: String]) throws -> LocalCluster {
        LocalCluster(
            directory: directory(environment: environment), databaseName: databaseName, superuser: superuser,
            programs: programs(environment: environment), pooled: try pooled(environment: environment))
    }

    /// `TRACKER_POOLER=off` keeps pgbouncer from running beside it; on (the default) runs it when
    /// it is installed.
    static func pooled(environment: [String: String]) throws -> Bool {
        switch environment["TRACKER_POOLER"] ?? "" {
        case "", "on": return true
        case "off": return false
        case let other:
            throw TrackerError.invalidInput(
                field: "environment", rule: "TRACKER_POOLER must be on or off; '\(other)' is not")
        }
    }

    /// `TRACKER_PG_BINDIR` first, then the usual places.
    static func programs(environment: [String: String]) -> ServerPrograms {
        ServerPrograms(searchingFirst: environment["TRACKER_PG_BINDIR"].map { [$0] } ?? [])
    }

    /// `TRACKER_CLUSTER_DIR`, else `$XDG_DATA_HOME/tracker/postgres`, else
    /// `~/.local/share/tracker/postgres`; as root, `/var/lib/tracker/postgres`, because the
    /// `postgres` user that runs the server cannot enter root's home.
    static func directory(environment: [String: String]) -> URL {
        if let explicit = environment["TRACKER_CLUSTER_DIR"], !explicit.isEmpty {
            return URL(fileURLWithPath: explicit)
        }
        if let dataHome = environment["XDG_DATA_HOME"], !dataHome.isEmpty {
            return URL(fileURLWithPath: dataHome).appending(path: "tracker/postgres")
        }
        if getuid() == 0 {
            return URL(fileURLWithPath: "/var/lib/tracker/postgres")
        }
        let home =
            environment["HOME"].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser
        return home.appending(path: ".local/share/tracker/postgres")
    }
}
