import ChildProcesses
import Foundation
import Postgres

/// A PostgreSQL on a loopback TCP port with password (SCRAM) authentication and streaming
/// replication allowed: for the tests of wrong passwords and of failover to a standby.
public struct TCPTestCluster: Sendable {
    public static let user = "tracker"
    public let directory: URL
    public let port: Int
    public let password: String

    var data: URL { directory.appending(path: "data") }
    var socketDirectory: URL { directory.appending(path: "socket") }

    public static func primary(password: String) throws -> TCPTestCluster {
        let cluster = try TCPTestCluster(password: password)
        try cluster.prepareDirectories()
        let passwordFile = cluster.directory.appending(path: "password")
        try password.write(to: passwordFile, atomically: true, encoding: .utf8)
        try ServerUser.own(passwordFile)
        try ServerUser.run(
            "initdb",
            [
                "-D", cluster.data.path, "-U", user, "--auth-local=trust", "--auth-host=scram-sha-256",
                "--pwfile=\(passwordFile.path)", "-E", "UTF8", "--no-locale", "--no-sync",
            ])
        try cluster.appendSettings("wal_level = replica\nmax_wal_senders = 5\nfsync = off\n")
        let hba = try FileHandle(forWritingTo: cluster.data.appending(path: "pg_hba.conf"))
        try hba.seekToEnd()
        try hba.write(contentsOf: Data("host replication all 127.0.0.1/32 scram-sha-256\n".utf8))
        try hba.close()
        try cluster.start()
        return cluster
    }

    /// A streaming standby of this cluster, started.
    public func standby() throws -> TCPTestCluster {
        let standby = try TCPTestCluster(password: password)
        try standby.prepareDirectories()
        try ServerUser.run(
            "pg_basebackup",
            [
                "-h", "127.0.0.1", "-p", "\(port)", "-U", TCPTestCluster.user, "-D", standby.data.path, "-R", "-X",
                "stream",
            ],
            environment: ["PGPASSWORD": password])
        try standby.appendSettings("")
        try standby.start()
        return standby
    }

    public func url(database: String = "postgres", password: String? = nil) -> String {
        "postgresql://\(TCPTestCluster.user):\(password ?? self.password)@127.0.0.1:\(port)/\(database)"
    }

    public func stopImmediately() throws {
        try ServerUser.run("pg_ctl", ["-D", data.path, "stop", "-m", "immediate", "-w"])
    }

    public func promote() throws {
        try ServerUser.run("pg_ctl", ["-D", data.path, "promote", "-w"])
    }

    public func remove() {
        _ = try? ServerUser.run("pg_ctl", ["-D", data.path, "stop", "-m", "immediate", "-w"])
        try? FileManager.default.removeItem(at: directory)
    }

    private init(password: String) throws {
        let root =
            ProcessInfo.processInfo.environment["TRACKER_TEST_TMPDIR"].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.temporaryDirectory
        directory = root.appending(path: "tracker-tcp-\(UUID().uuidString.prefix(8))")
        port = try LoopbackPort.free()
        self.password = password
    }

    private func prepareDirectories() throws {
        for folder in [directory, socketDirectory] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            chmod(folder.path, 0o700)
            try ServerUser.own(folder)
        }
    }

    private func appendSettings(_ extra: String) throws {
        let config = try FileHandle(forWritingTo: data.appending(path: "postgresql.conf"))
        try config.seekToEnd()
        let settings = """

            listen_addresses = '127.0.0.1'
            port = \(port)
            unix_socket_directories = '\(socketDirectory.path)'
            \(extra)
            """
        try config.write(contentsOf: Data(settings.utf8))
        try config.close()
    }

    private func start() throws {
        try ServerUser.run("pg_ctl", ["-D", data.path, "-l", directory.appending(path: "log").path, "start", "-w"])
    }
}

/// Runs PostgreSQL's programs as the `postgres` user when the tests run as root.
public enum ServerUser {
    /// Found as tracker finds them: `TRACKER_PG_BINDIR` first.
    static let programs = ServerPrograms(
        searchingFirst: ProcessInfo.processInfo.environment["TRACKER_PG_BINDIR"].map { [$0] } ?? [])

    static func own(_ url: URL) throws {
        guard getuid() == 0, let entry = getpwnam("postgres") else { return }
        chown(url.path, entry.pointee.pw_uid, entry.pointee.pw_gid)
    }

    @discardableResult
    public static func run(
        _ program: String, _ arguments: [String], environment: [String: String] = [:]
    ) throws -> String {
        let path = try programs.locate(program).path
        let merged = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let outcome =
            getuid() == 0
            ? try ChildProcess.run(
                "/usr/sbin/runuser", ["-u", "postgres", "--", path] + arguments, environment: merged)
            : try ChildProcess.run(path, arguments, environment: merged)
        let text = String(decoding: outcome.stdout + outcome.stderr, as: UTF8.self)
        guard outcome.status == 0 else { throw TestPostgresUnavailable("\(program) failed: \(text)") }
        return text
    }
}
