/// A private PostgreSQL that a program runs for itself: created with `initdb` on first use,
/// started on demand, listening on a Unix socket only, in a directory only its owner can read,
/// holding one database. When the caller is root it runs as the `postgres` system user,
/// because PostgreSQL refuses to run as root.
public struct LocalCluster: Sendable {
    public static let port = 5432

    public let directory: URL
    /// The database `ensureRunning` creates and connects to.
    public let databaseName: String
    /// The role `initdb` makes the superuser; every connection logs in as it.
    public let superuser: String
    /// Where `initdb` and `pg_ctl` are found.
    public let programs: ServerPrograms
    /// Trades durability for speed (fsync off): for throwaway test clusters only.
    public let ephemeral: Bool
    /// Runs pgbouncer beside it when installed (`LocalPooler`), and commands connect through it.
    public let pooled: Bool

    public init(
        directory: URL, databaseName: String, superuser: String, programs: ServerPrograms = ServerPrograms(),
        ephemeral: Bool = false, pooled: Bool = false
    ) {
        self.directory = directory
        self.databaseName = databaseName
        self.superuser = superuser
        self.programs = programs
        self.ephemeral = ephemeral
        self.pooled = pooled
    }

    public var pooler: LocalPooler { LocalPooler(cluster: self) }

    public var dataDirectory: URL { directory.appending(path: "data") }
    public var socketDirectory: URL { directory.appending(path: "socket") }
    public var logFile: URL { directory.appending(path: "server.log") }
    private var lockFile: URL { directory.appending(path: "cluster.lock") }
    private var socketFile: URL { socketDirectory.appending(path: ".s.PGSQL.\(LocalCluster.port)") }

    /// libpq settings that reach the cluster's database over its socket.
    public func connectionSettings(database: String? = nil, port: Int = LocalCluster.port) -> String {
        "host=\(Connection.quotedSettingValue(socketDirectory.path)) port=\(port) "
            + "user=\(LocalCluster.bareWhenPlain(superuser)) "
            + "dbname=\(Connection.quotedSettingValue(database ?? databaseName))"
    }

    /// What a command connects with: through the pooler when it and the server listen, else to
    /// the server (a pooler in front of a stopped server would hold the command while it retries).
    public func commandSettings() -> String {
        guard pooled, pooler.isListening, FileManager.default.fileExists(atPath: socketFile.path) else {
            return connectionSettings()
        }
        return connectionSettings(port: LocalPooler.port)
    }

    /// A plain name stays bare, as people type it; anything else is quoted.
    private static func bareWhenPlain(_ value: String) -> String {
        let plain = !value.isEmpty && value.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
        return plain ? value : Connection.quotedSettingValue(value)
    }

    public var isInitialized: Bool {
        FileManager.default.fileExists(atPath: dataDirectory.appending(path: "PG_VERSION").path)
    }

    /// Makes sure the cluster exists, runs and holds its database; returns `commandSettings()`.
    /// Fast when it already runs: one connection attempt, no processes. A pooled cluster's pooler
    /// is started when it is not running, and again when the server had to be started (its
    /// sessions were to a server that is gone); one that cannot start leaves commands connecting
    /// to the server. `starting` is told when this call starts the server (`creating`: it makes
    /// the cluster first), so a program can say that a server now runs on the person's behalf.
    @discardableResult
    public func ensureRunning(starting: (_ creating: Bool) -> Void = { _ in }) throws -> String {
        try checkSocketPathFits()
        if FileManager.default.fileExists(atPath: socketFile.path),
            (try? Connection(settings: connectionSettings(), connectTimeout: 2)) != nil
        {
            startPoolerIfMissing()
            return commandSettings()
        }
        try withLock {
            let creating = !isInitialized
            if creating { try initialize() }
            var started = false
            if try !isRunning() {
                starting(creating)
                try runControl(["start", "-w", "-t", "60", "-l", logFile.path])
                started = true
            }
            try createDatabaseIfMissing()
            if pooled { try? ensurePooler(restart: started) }
        }
        return commandSettings()
    }

    /// For a server found running without its pooler (started by an older tracker, or the pooler
    /// was stopped or killed): starts the pooler for the commands after this one, when it is
    /// installed.
    public func startPoolerIfMissing() {
        guard pooled, pooler.runningProcess == nil || !pooler.isListening, pooler.program() != nil else { return }
        try? withLock { try ensurePooler(restart: false) }
    }

    /// Starts the pooler when it is installed and not running (under the cluster's lock).
    private func ensurePooler(restart: Bool) throws {
        let pooler = self.pooler
        if restart || !pooler.isListening { pooler.stop() }
        guard pooler.runningProcess == nil else { return }
        guard let program = pooler.program() else { return }
        try pooler.start(program)
    }

    /// A Unix socket's path has a fixed room (`sun_path`: 107 bytes on Linux, 103 on macOS);
    /// PostgreSQL would fail to start with only "Examine the log output".
    private func checkSocketPathFits() throws {
        let room = MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1
        let length = socketFile.path.utf8.count
        guard length > room else { return }
        throw LocalClusterError.socketPathTooLong(directory: directory, length: length, room: room)
    }

    /// Stops the server if it runs; returns false when it was not running.
    @discardableResult
    public func stop() throws -> Bool {
        try withLock {
            let poolerStopped = pooler.stop()
            guard isInitialized, try isRunning() else { return poolerStopped }
            try runControl(["stop", "-w", "-m", "fast"])
            return true
        }
    }

    public func isRunning() throws -> Bool {
        guard isInitialized else { return false }
        let result = try run(try programs.locate("pg_ctl"), ["status", "-D", dataDirectory.path])
        return result.status == 0
    }

    private func initialize() throws {
        let owner = try ServerAccount.current()
        try owner.createDirectory(directory)
        try owner.createDirectory(socketDirectory)
        let arguments =
            [
                "-D", dataDirectory.path, "-U", superuser, "--auth=trust",
                "-E", "UTF8", "--no-locale",
            ] + (ephemeral ? ["--no-sync"] : [])
        let result = try run(try programs.locate("initdb"), arguments)
        guard result.status == 0 else {
            throw LocalClusterError.failed("initdb failed in \(dataDirectory.path): \(result.lastLine)")
        }
        var settings = """

            # Added at creation: a private server reachable through its own socket only.
            listen_addresses = ''
            unix_socket_directories = '\(socketDirectory.path.replacing("'", with: "''"))'
            unix_socket_permissions = 0700
            # Every tracker statement reaches PL/pgSQL: loaded once here, not by each new session.
            shared_preload_libraries = 'plpgsql'

            """
        if ephemeral {
            settings += "fsync = off\nsynchronous_commit = off\nfull_page_writes = off\n"
        }
        let config = dataDirectory.appending(path: "postgresql.conf")
        try (try Data(contentsOf: config) + Data(settings.utf8)).write(to: config)
    }

    private func createDatabaseIfMissing() throws {
        let admin = try Connection(settings: connectionSettings(database: "postgres"))
        let exists = try admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [databaseName])
        if exists.rows.isEmpty {
            let quoted = "\"" + databaseName.replacing("\"", with: "\"\"") + "\""
            try admin.execute("CREATE DATABASE \(quoted)")
        }
    }

    private func runControl(_ arguments: [String]) throws {
        let result = try run(try programs.locate("pg_ctl"), ["-D", dataDirectory.path] + arguments)
        guard result.status == 0 else {
            throw LocalClusterError.failed(
                "pg_ctl \(arguments[0]) failed: \(result.lastLine) (see \(logFile.path))")
        }
    }

    private func withLock<T>(_ body: () throws -> T) throws -> T {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let descriptor = open(lockFile.path, O_CREAT | O_RDWR, 0o600)
        guard descriptor >= 0 else {
            throw LocalClusterError.failed("cannot open \(lockFile.path): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        flock(descriptor, LOCK_EX)
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }

    private func run(_ program: URL, _ arguments: [String]) throws -> ProcessOutcome {
        try ServerAccount.current().run(program, arguments)
    }
}
