import ChildProcesses
import Foundation
import Postgres

/// pgbouncer in transaction-pooling mode on a loopback port, in front of a test server: every
/// transaction a client runs may land on another of a few server sessions, so whatever a client
/// leaves in its session (a SET, a LISTEN, a session lock) is not there for its next transaction.
/// Under root it runs as the `postgres` user (pgbouncer refuses root), as the test clusters do.
public struct PgBouncerProcess: Sendable {
    /// Where Debian's package puts it (`scripts/install-deps.sh` installs it); else found on PATH.
    public static let debianPath = "/usr/sbin/pgbouncer"

    public let port: Int
    /// Holds its ini, userlist, log and pid files.
    public let directory: URL
    /// Server sessions per database: clients beyond that many wait for one to be free.
    public let poolSize: Int
    /// The server's user, whom every client logs in as.
    public let user: String
    private let running: ChildProcess.Running

    /// Per-user pools, as a team runs pgbouncer: each client logs in with its own role's password
    /// (SCRAM), and the server sessions it gets log in as that role too, so the server knows who
    /// it is. `users` are (role, password) pairs.
    public static func start(
        before settings: String, users: [(name: String, password: String)], poolSize: Int = 2
    ) throws -> PgBouncerProcess {
        try start(before: settings, poolSize: poolSize, maxClients: 200, in: nil, users: users)
    }

    /// Starts one in front of the server that `settings` reach (any of its databases, by name),
    /// and returns once it accepts connections. Without `users`, every client is trusted and every
    /// server session logs in as the server's user.
    /// Its folder is made in `folder`, by default `TRACKER_TEST_TMPDIR` (else the temporary folder).
    public static func start(
        before settings: String, poolSize: Int = 4, maxClients: Int = 200, in folder: URL? = nil,
        users: [(name: String, password: String)] = []
    ) throws -> PgBouncerProcess {
        let program = try locate()
        let server = try Connection(settings: settings)
        let password = try Connection.options(of: settings).last { $0.key == "password" }?.value
        let scratch =
            folder ?? ProcessInfo.processInfo.environment["TRACKER_TEST_TMPDIR"].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.temporaryDirectory
        let directory = scratch.appending(path: "pgbouncer-\(UUID().uuidString.prefix(8))")
        let port = try LoopbackPort.free()
        let files = PgBouncerFiles(directory: directory)
        try files.write(
            ini: PgBouncerFiles.ini(
                server: (host: server.host, port: server.port, user: server.user, password: password),
                files: files, port: port, poolSize: poolSize, maxClients: maxClients, perUser: !users.isEmpty),
            users: users.isEmpty ? [(server.user, "")] : users)
        let asServerUser = getuid() == 0 ? ["-u", "postgres"] : []
        let running = try ChildProcess.start(program, asServerUser + [files.ini.path], stdin: Data())
        let bouncer = PgBouncerProcess(
            port: port, directory: directory, poolSize: poolSize, user: server.user, running: running)
        try bouncer.waitUntilAccepting()
        return bouncer
    }

    /// A URL for `DATABASE_URL` that reaches `database` through this pgbouncer.
    public func url(database: String) -> String {
        "postgresql://\(PgBouncerProcess.encoded(user))@127.0.0.1:\(port)/\(PgBouncerProcess.encoded(database))"
            + "?sslmode=disable"
    }

    /// A URL through this pgbouncer to the database that `settings` name.
    public func url(reaching settings: String) throws -> String {
        url(database: try Connection(settings: settings).database)
    }

    /// What pgbouncer logged so far, for failure messages.
    public var log: String {
        (try? String(contentsOf: PgBouncerFiles(directory: directory).log, encoding: .utf8)) ?? ""
    }

    /// SIGKILL: a child started by `ChildProcess` may have SIGTERM blocked.
    public func stop() {
        kill(running.pid, SIGKILL)
        _ = try? running.wait()
    }

    /// Whether it ended (someone else stopped it), checking for up to `seconds`; collects it if so.
    public func hasEnded(checkingFor seconds: Int) -> Bool {
        var status: Int32 = 0
        for _ in 0..<(seconds * 40) {
            if waitpid(running.pid, &status, WNOHANG) == running.pid { return true }
            usleep(25_000)
        }
        return false
    }

    private func waitUntilAccepting() throws {
        for _ in 0..<400 {
            if LoopbackPort.accepts(port) { return }
            if log.contains(" FATAL ") { break }
            usleep(25_000)
        }
        stop()
        throw TestPostgresUnavailable("pgbouncer did not start on 127.0.0.1:\(port); its log:\n\(log)")
    }

    private static func locate() throws -> String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let candidates = [debianPath] + path.split(separator: ":").map { "\($0)/pgbouncer" }
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw TestPostgresUnavailable(
                "pgbouncer not found (not at \(debianPath), not on PATH): the transaction-pooling tests need it; "
                    + "run scripts/install-deps.sh (apt-get install pgbouncer)")
        }
        return found
    }

    private static func encoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
    }
}

/// The files of one pgbouncer, all in its own folder.
struct PgBouncerFiles {
    let directory: URL
    var ini: URL { directory.appending(path: "pgbouncer.ini") }
    var users: URL { directory.appending(path: "userlist.txt") }
    var log: URL { directory.appending(path: "pgbouncer.log") }
    /// `scripts/stop-test-clusters.sh` reads it to stop a pgbouncer a crashed test run left.
    var pid: URL { directory.appending(path: "pgbouncer.pid") }

    /// Clients are trusted (loopback only) but must be in the userlist; every server session logs in
    /// as the server's user, with its password when it has one.
    static func ini(
        server: (host: String, port: String, user: String, password: String?), files: PgBouncerFiles, port: Int,
        poolSize: Int, maxClients: Int, perUser: Bool
    ) -> String {
        let password = server.password.map { " password=\(quoted($0))" } ?? ""
        let login = perUser ? "" : " user=\(quoted(server.user))\(password)"
        return """
            [databases]
            * = host=\(quoted(server.host)) port=\(server.port)\(login)

            [pgbouncer]
            pool_mode = transaction
            listen_addr = 127.0.0.1
            listen_port = \(port)
            unix_socket_dir =
            auth_type = \(perUser ? "scram-sha-256" : "trust")
            auth_file = \(files.users.path)
            max_client_conn = \(maxClients)
            default_pool_size = \(poolSize)
            logfile = \(files.log.path)
            pidfile = \(files.pid.path)

            """
    }

    /// `users`: the userlist's (name, password) lines.
    func write(ini text: String, users list: [(name: String, password: String)]) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        chmod(directory.path, 0o700)
        try Data(text.utf8).write(to: ini)
        let lines = list.map { user in
            "\"\(user.name.replacingOccurrences(of: "\"", with: "\"\""))\" "
                + "\"\(user.password.replacingOccurrences(of: "\"", with: "\"\""))\"\n"
        }
        try Data(lines.joined().utf8).write(to: users)
        chmod(users.path, 0o600)
        for owned in [directory, ini, users] { try ServerUser.own(owned) }
    }

    /// A value in pgbouncer's connection strings: single quotes, a quote doubled.
    private static func quoted(_ value: String) -> String {
        "'" + value.replacingOccurrences(of: "'", with: "''") + "'"
    }
}
