import Foundation
import Postgres
import Synchronization
import TrackerPostgres

/// Hands each integration test its own fresh, migrated database. The server is `DATABASE_URL`
/// when set; otherwise a throwaway private cluster (the same `LocalCluster` code `tracker` uses)
/// started in a temporary directory and stopped when the test process exits.
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
            try admin.execute("CREATE DATABASE \(name)")
            let database = Database(settings: templateSettings)
            try await Migrator(database: database).migrate()
            await database.close()
            return name
        }
        template = task
        return try await task.value
    }

    private func createDatabase(template: String) throws -> String {
        counter += 1
        let name = "tracker_test_\(runID)_\(counter)"
        let admin = try Connection(settings: try serverSettings())
        try admin.execute("CREATE DATABASE \(name) TEMPLATE \(template)")
        return try Connection.settings(server!, database: name)
    }

    private static let clusterToStop = Mutex<LocalCluster?>(nil)

    private static func startThrowawayCluster(environment: [String: String]) throws -> String {
        let root =
            environment["TRACKER_TEST_TMPDIR"].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.temporaryDirectory
        let directory = root.appending(path: "tracker-test-\(getpid())-\(UUID().uuidString.prefix(8))")
        let cluster = LocalCluster(directory: directory, ephemeral: true)
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
