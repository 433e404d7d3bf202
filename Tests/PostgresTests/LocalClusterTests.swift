import Foundation
import Postgres
import Testing

@Suite(.serialized) struct LocalClusterTests {
    /// One cluster for the checks below: creating one costs a second or two.
    /// Names that need quoting, to show they reach initdb and CREATE DATABASE as given.
    static let cluster = LocalCluster(
        directory: FileManager.default.temporaryDirectory.appending(
            path: "tracker-cluster-\(UUID().uuidString.prefix(8))"),
        databaseName: "Local \"Cluster\" Test", superuser: "cluster-owner", ephemeral: true)

    @Test func startsOnDemandListensOnASocketOnlyAndStops() throws {
        let cluster = LocalClusterTests.cluster
        defer {
            _ = try? cluster.stop()
            try? FileManager.default.removeItem(at: cluster.directory)
        }
        #expect(!cluster.isInitialized)
        let settings = try cluster.ensureRunning()
        #expect(try cluster.isRunning())

        let connection = try Connection(settings: settings)
        let listen = try connection.query("SHOW listen_addresses").first?.decode(0, as: String.self)
        #expect(listen == "", "the private cluster must not listen on TCP")
        let preloaded = try connection.query("SHOW shared_preload_libraries").first?.decode(0, as: String.self)
        #expect(preloaded == "plpgsql", "each new session would load PL/pgSQL itself (0.6 ms)")
        let names = try connection.query("SELECT current_database(), current_user").first
        #expect(try names?.decode(0, as: String.self) == cluster.databaseName)
        #expect(try names?.decode(1, as: String.self) == cluster.superuser)

        let socketMode = try FileManager.default.attributesOfItem(atPath: cluster.socketDirectory.path)[
            .posixPermissions]
        #expect((socketMode as? NSNumber)?.intValue == 0o700)
        let dataMode = try FileManager.default.attributesOfItem(atPath: cluster.dataDirectory.path)[.posixPermissions]
        #expect((dataMode as? NSNumber)?.intValue == 0o700)

        // Already running: the fast path returns the same settings.
        #expect(try cluster.ensureRunning() == settings)
        #expect(try cluster.stop())
        #expect(try !cluster.isRunning())
        #expect(throws: PostgresError.self) { try Connection(settings: settings, connectTimeout: 2) }
        // Started again on demand, data kept.
        try cluster.ensureRunning()
        #expect(try Connection(settings: settings).isOpen)
    }

    @Test func missingServerProgramsNameThePackageToInstall() {
        #expect {
            try ServerPrograms().locate("no-such-postgres-program")
        } throws: { error in
            error as? LocalClusterError == .programNotFound("no-such-postgres-program")
                && String(describing: error).contains("apt-get install postgresql")
        }
    }

    @Test func aFolderTooDeepForTheSocketIsRefusedBeforeAnythingIsMade() throws {
        let directory = FileManager.default.temporaryDirectory.appending(
            path: "cluster-deep-\(UUID().uuidString.prefix(8))/" + String(repeating: "d", count: 100))
        let cluster = LocalCluster(directory: directory, databaseName: "app", superuser: "app")
        #expect {
            try cluster.ensureRunning()
        } throws: { error in
            guard case .socketPathTooLong(let folder, let length, let room) = error as? LocalClusterError else {
                return false
            }
            return folder == directory && length > room
                && length == directory.appending(path: "socket/.s.PGSQL.5432").path.utf8.count
        }
        #expect(!FileManager.default.fileExists(atPath: directory.deletingLastPathComponent().path))
    }

    @Test func theCallersFoldersAreSearchedFirst() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "programs-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let program = folder.appending(path: "pg_ctl")
        try Data("#!/bin/sh\n".utf8).write(to: program)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: program.path)
        let found = try ServerPrograms(searchingFirst: ["/nonexistent", folder.path]).locate("pg_ctl")
        #expect(found.path == program.path)
    }
}
