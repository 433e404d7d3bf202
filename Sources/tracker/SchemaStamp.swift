import Postgres
import TrackerPostgres

/// Remembers, beside the private cluster, the newest migration a tracker applied to it, so later
/// runs of the same version skip the schema check's round trips (the guard in each command's
/// first flight still refuses a mismatch).
/// The stamp names the cluster's data folder by the inode of its PG_VERSION file, so a cluster
/// made anew in the same place is checked again.
struct SchemaStamp {
    let file: URL
    let expected: String?

    init(cluster: LocalCluster, migrations: [Migration] = Migrator.bundled) {
        file = cluster.directory.appending(path: "schema-version")
        var status = stat()
        let versionFile = cluster.dataDirectory.appending(path: "PG_VERSION").path
        expected =
            stat(versionFile, &status) == 0
            ? "migration \(migrations.last?.version ?? 0) data \(status.st_ino)\n" : nil
    }

    var isCurrent: Bool {
        guard let expected, let data = FileManager.default.contents(atPath: file.path) else { return false }
        return data.elementsEqual(expected.utf8)
    }

    /// Best effort: without the stamp the next run checks again.
    func record() {
        guard let expected else { return }
        try? Data(expected.utf8).write(to: file, options: .atomic)
    }
}
