import Postgres

extension LocalClusterError {
    /// The driver's account of the failure, with the fix in tracker's own terms.
    var trackerWording: String {
        switch self {
        case .socketPathTooLong:
            return "\(self); set TRACKER_CLUSTER_DIR (or XDG_DATA_HOME) to a shorter folder, "
                + "e.g. TRACKER_CLUSTER_DIR=~/.tracker-postgres"
        case .noServerAccount:
            return "running as root, but PostgreSQL refuses to run as root and there is no 'postgres' "
                + "user: install the postgresql package or run tracker as a normal user"
        case .programNotFound:
            return "\(self), or set DATABASE_URL to use an existing server"
        case .failed:
            return description
        }
    }
}
