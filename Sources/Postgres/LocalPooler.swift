/// pgbouncer beside a private cluster, in session mode. Every command is a new process, and
/// without it a new server session: the server forks a backend, fills its catalog caches and
/// compiles the PL/pgSQL it calls, which is most of a write's time on the server. The pooler
/// keeps the sessions commands leave (resetting each as `DISCARD ALL` does, its plans kept) and
/// hands them to the next command. It listens only in the cluster's socket folder (mode 0700: its
/// owner alone reaches it), on its own port, and logs each client in as the cluster's superuser,
/// as the cluster's own socket trusts its owner. Under root it runs as `postgres`, as the server
/// does.
public struct LocalPooler: Sendable {
    public static let port = 6432
    /// Each command holds one server session while it runs (`watch` and the interactive front
    /// for as long as they run); more at once wait for one. The server allows 100.
    static let sessions = 80

    public let directory: URL
    let socketDirectory: URL
    let superuser: String
    let programs: ServerPrograms

    init(cluster: LocalCluster) {
        directory = cluster.directory.appending(path: "pooler")
        socketDirectory = cluster.socketDirectory
        superuser = cluster.superuser
        programs = cluster.programs
    }

    var configFile: URL { directory.appending(path: "pgbouncer.ini") }
    var pidFile: URL { directory.appending(path: "pgbouncer.pid") }
    public var logFile: URL { directory.appending(path: "pgbouncer.log") }
    var socketFile: URL { socketDirectory.appending(path: ".s.PGSQL.\(LocalPooler.port)") }

    /// Its socket is there: it runs, or was killed and left it (a connection then fails, and
    /// `LocalCluster.ensureRunning` starts it again).
    public var isListening: Bool { FileManager.default.fileExists(atPath: socketFile.path) }

    /// The process named in its pid file, when that process is still a pgbouncer.
    public var runningProcess: pid_t? {
        guard let text = try? String(contentsOf: pidFile, encoding: .utf8),
            let pid = pid_t(text.split(whereSeparator: \.isWhitespace).first ?? ""), pid > 0,
            kill(pid, 0) == 0 || errno == EPERM
        else { return nil }
        // The pid may have gone to another program since: Linux says which (elsewhere, trust it).
        guard let command = try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline")) else { return pid }
        return String(decoding: command, as: UTF8.self).contains("pgbouncer") ? pid : nil
    }

    /// pgbouncer, where the server programs are or where Debian puts it; nil when not installed.
    public func program() -> URL? {
        if let found = try? programs.locate("pgbouncer") { return found }
        let debian = URL(fileURLWithPath: "/usr/sbin/pgbouncer")
        return FileManager.default.isExecutableFile(atPath: debian.path) ? debian : nil
    }

    /// Starts it, daemonized; returns once its socket is there.
    func start(_ program: URL) throws {
        let account = try ServerAccount.current()
        try account.createDirectory(directory)
        try Data(configuration.utf8).write(to: configFile)
        account.handOver(configFile)
        // A pooler killed without its shutdown leaves its socket and pid file; pgbouncer would
        // neither bind over the one nor start beside the other.
        try? FileManager.default.removeItem(at: socketFile)
        try? FileManager.default.removeItem(at: pidFile)
        let result = try account.run(program, ["-d", "-q", configFile.path])
        guard result.status == 0 else {
            throw LocalClusterError.failed("pgbouncer did not start: \(result.lastLine) (see \(logFile.path))")
        }
        for _ in 0..<500 where !isListening { usleep(10_000) }
        guard isListening else {
            throw LocalClusterError.failed("pgbouncer started but does not listen (see \(logFile.path))")
        }
    }

    /// Stops it if it runs (immediate shutdown: its clients are commands, not people waiting);
    /// returns false when it was not running.
    @discardableResult
    func stop() -> Bool {
        guard let pid = runningProcess else { return false }
        kill(pid, SIGTERM)
        for _ in 0..<500 where runningProcess != nil { usleep(10_000) }
        if runningProcess != nil { kill(pid, SIGKILL) }
        try? FileManager.default.removeItem(at: socketFile)
        return true
    }

    var configuration: String {
        """
        ; Written by tracker at each start of the pooler: edits here are replaced.
        [databases]
        * = host=\(Self.quoted(socketDirectory.path)) port=\(LocalCluster.port) user=\(Self.quoted(superuser))

        [pgbouncer]
        listen_addr =
        listen_port = \(LocalPooler.port)
        unix_socket_dir = \(socketDirectory.path)
        unix_socket_mode = 0600
        auth_type = any
        pool_mode = session
        server_reset_query = \(LocalPooler.resetQuery)
        ignore_startup_parameters = options
        max_client_conn = 500
        default_pool_size = \(LocalPooler.sessions)
        server_login_retry = 1
        log_connections = 0
        log_disconnections = 0
        logfile = \(logFile.path)
        pidfile = \(pidFile.path)

        """
    }

    /// What `DISCARD ALL` does between two clients but `DISCARD PLANS`: every client is the same
    /// role running the same statements, and the plans PL/pgSQL keeps are what a warm session is
    /// for (the server replans one itself when what it depends on changes).
    static let resetQuery =
        "CLOSE ALL; SET SESSION AUTHORIZATION DEFAULT; RESET ALL; DEALLOCATE ALL; UNLISTEN *; "
        + "SELECT pg_advisory_unlock_all(); DISCARD TEMP; DISCARD SEQUENCES"

    /// A value in pgbouncer's connection string: in single quotes, a quote doubled.
    static func quoted(_ value: String) -> String {
        "'" + value.replacing("'", with: "''") + "'"
    }
}
