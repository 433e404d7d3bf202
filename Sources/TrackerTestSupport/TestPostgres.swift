import Foundation
import Postgres
import Synchronization
import TrackerPostgres

/// Hands each integration test its own fresh, migrated database. The server is `DATABASE_URL`
/// when set, and every database made on it is dropped when the test process exits (also after
/// failed tests; not after a crash); otherwise a throwaway private cluster (the same
/// `LocalCluster` code `tracker` uses) started in a temporary directory and stopped at exit.
public actor TestPostgres {
    public static let shared = TestPostgres()

    private var server: String??
    private var template: Task<String, any Error>?
    private var counter = 0
    private let runID = "\(getpid())_\(Int.random(in: 1000...9999))"

    /// Settings for a new database migrated to the newest schema.
    public func freshDatabase() async throws -> String {
        let template = try await migratedTemplate()
        return try createDatabase(template: template)
    }

    /// Settings for a new, empty database (no tables at all).
    public func emptyDatabase() async throws -> String {
        try createDatabase(template: "template0")
    }

    /// Settings for the server's maintenance database, to create and drop databases.
    public func serverSettings() throws -> String {
        if let server { return try Connection.settings(server, database: "postgres") }
        let environment = ProcessInfo.processInfo.environment
        if let url = environment["DATABASE_URL"], !url.isEmpty {
            server = .some(url)
            TestPostgres.dropAtExit(maintenance: try Connection.settings(url, database: "postgres"))
        } else {
            server = .some(try TestPostgres.startThrowawayCluster(environment: environment))
        }
        return try Connection.settings(server!, database: "postgres")
    }

    private func migratedTemplate() async throws -> String {
        if let template { return try await template.value }
        let name = "tracker_template_\(runID)"
        let settings = try serverSettings()
        let templateSettings = try Connection.settings(server!, database: name)
        // A task, so tests that ask while the template is being migrated wait for the same one.
        let task = Task {
            let admin = try Connection(settings: settings)
            TestPostgres.made(name)
            try admin.execute("CREATE DATABASE \(name)")
            let database = Database(settings: templateSettings)
            try await Migrator(database: database).migrate()
            await database.close()
            return name
        }
        template = task
        return try await task.value
    }

    /// Tests read and write the tracker's tables with plain SQL, so their databases find them
    /// by default; tracker itself never relies on it (it sets its own search path), and the
    /// look-alike tests use `databaseWithoutTrackerPath()`.
    private func createDatabase(template: String, findingTrackerTables: Bool = true) throws -> String {
        counter += 1
        let name = "tracker_test_\(runID)_\(counter)"
        let admin = try Connection(settings: try serverSettings())
        TestPostgres.made(name)
        try admin.execute("CREATE DATABASE \(name) TEMPLATE \(template)")
        if findingTrackerTables {
            try admin.execute("ALTER DATABASE \(name) SET search_path = \"$user\", public, tracker")
        }
        return try Connection.settings(server!, database: name)
    }

    /// Settings for a new, empty database whose sessions look for names only where PostgreSQL's
    /// defaults say (`"$user", public`), as on a shared server.
    public func databaseWithoutTrackerPath() async throws -> String {
        try createDatabase(template: "template0", findingTrackerTables: false)
    }

    /// The server's log, for tests that count the statements a database's sessions run
    /// (`StatementLog`): the throwaway cluster's file, or the file `pg_current_logfile()` names
    /// when it can be read here; nil otherwise.
    public func serverLogFile() throws -> URL? {
        _ = try serverSettings()
        if let cluster = TestPostgres.clusterToStop.withLock({ $0 }) { return cluster.logFile }
        let admin = try Connection(settings: try serverSettings())
        let row = try admin.query(
            "SELECT current_setting('data_directory') || '/' || pg_current_logfile() WHERE pg_current_logfile() IS NOT NULL"
        ).rows.first
        guard let path: String = try row?.decode(0), FileManager.default.isReadableFile(atPath: path) else {
            return nil
        }
        return URL(fileURLWithPath: path)
    }

    private static let clusterToStop = Mutex<LocalCluster?>(nil)
    /// The external server's maintenance database, and the databases made on it, oldest first.
    private static let toDrop = Mutex<(maintenance: String?, names: [String])>((nil, []))

    private static func made(_ name: String) {
        toDrop.withLock { $0.names.append(name) }
    }

    private static func dropAtExit(maintenance: String) {
        toDrop.withLock { $0.maintenance = maintenance }
        // Connect once first: libpq's crypto library registers its own clean-up at exit on first
        // use, and handlers run last-registered first, so this one must come after it (else a
        // password (SCRAM) login at exit fails and every database is left behind).
        _ = try? Connection(settings: maintenance)
        atexit {
            let (maintenance, names) = TestPostgres.toDrop.withLock { ($0.maintenance, $0.names) }
            guard let maintenance, !names.isEmpty, let admin = try? Connection(settings: maintenance) else { return }
            // Newest first, so the template goes after the databases copied from it.
            for name in names.reversed()
            where (try? admin.execute("DROP DATABASE IF EXISTS \(name) WITH (FORCE)")) == nil {
                _ = try? admin.execute("DROP DATABASE IF EXISTS \(name)")  // PostgreSQL before 13
            }
        }
    }

    private static func startThrowawayCluster(environment: [String: String]) throws -> String {
        let root =
            environment["TRACKER_TEST_TMPDIR"].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.temporaryDirectory
        let directory = root.appending(path: "tracker-test-\(getpid())-\(UUID().uuidString.prefix(8))")
        let cluster = LocalCluster(
            directory: directory, databaseName: "tracker", superuser: "tracker", programs: ServerUser.programs,
            ephemeral: true)
        clusterToStop.withLock { $0 = cluster }
        atexit {
            TestPostgres.clusterToStop.withLock { cluster in
                guard let cluster else { return }
                _ = try? cluster.stop()
                try? FileManager.default.removeItem(at: cluster.directory)
            }
        }
        do {
            return try cluster.ensureRunning()
        } catch {
            throw TestPostgresUnavailable(
                "could not start a throwaway PostgreSQL for the tests (\(error)); "
                    + "run `make test` (it installs postgresql and libpq-dev) or set DATABASE_URL")
        }
    }
}

public struct TestPostgresUnavailable: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
