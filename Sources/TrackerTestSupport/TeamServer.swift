import ChildProcesses
import Foundation
import Postgres
import Synchronization

/// A shared server as a team has one: PostgreSQL on a loopback port with password (SCRAM)
/// logins for several people, none of them a superuser. `owner` owns each database made here
/// (and may create roles, as on managed PostgreSQL services); the others are teammates. One
/// server per test process, started on first use and stopped at exit; each test gets its own
/// database.
public actor TeamServer {
    public static let shared = TeamServer()

    /// The database owner, then the teammates (`mallory` is linked to no tracker user and holds
    /// no level; `zoe` is spare, for tests that grant and revoke).
    public static let roles = ["owner", "alice", "bob", "carol", "dana", "erin", "mallory", "zoe"]

    private var started: Task<TCPTestCluster, any Error>?
    private var counter = 0
    private let password = "team-\(UUID().uuidString.prefix(8))"

    /// A new database owned by `owner`. `publicWritable`: anyone may create objects in `public`,
    /// as PostgreSQL 13 and 14 allow by default (15 no longer does).
    public func database(publicWritable: Bool = true) async throws -> TeamDatabase {
        let cluster = try await server()
        counter += 1
        let name = "team_\(counter)"
        let admin = try Connection(settings: cluster.url())
        try admin.execute("CREATE DATABASE \(name) OWNER owner")
        if publicWritable {
            let inside = try Connection(settings: cluster.url(database: name))
            try inside.execute("GRANT CREATE ON SCHEMA public TO PUBLIC")
        }
        return TeamDatabase(name: name, port: cluster.port, password: password, superuser: cluster.url(database: name))
    }

    private func server() async throws -> TCPTestCluster {
        if let started { return try await started.value }
        let password = self.password
        let task = Task {
            let cluster = try TCPTestCluster.primary(password: password)
            TeamServer.stopAtExit(cluster)
            let admin = try Connection(settings: cluster.url())
            for role in TeamServer.roles {
                let rights = role == "owner" ? "CREATEROLE" : ""
                try admin.execute("CREATE ROLE \(role) LOGIN \(rights) PASSWORD '\(password)'")
            }
            return cluster
        }
        started = task
        return try await task.value
    }

    private static let toStop = Mutex<TCPTestCluster?>(nil)

    private static func stopAtExit(_ cluster: TCPTestCluster) {
        toStop.withLock { $0 = cluster }
        atexit { TeamServer.toStop.withLock { $0?.remove() } }
    }
}

/// One database on the `TeamServer`, reached as any of its roles.
public struct TeamDatabase: Sendable {
    public let name: String
    let port: Int
    let password: String
    /// The server's superuser, for what only an administrator of the server does.
    public let superuser: String

    /// A URL that logs in as `role` with its password.
    public func url(as role: String) -> String {
        "postgresql://\(role):\(password)@127.0.0.1:\(port)/\(name)?sslmode=disable"
    }

    /// `tracker` as `role` would run it, with nothing else in its environment choosing a user.
    public func tracker(as role: String) -> TrackerProcess {
        TrackerProcess(databaseSettings: url(as: role), user: nil)
    }

    /// One value from `sql`, run as `role` (the superuser when nil).
    public func scalar(_ sql: String, as role: String? = nil) throws -> String? {
        let connection = try Connection(settings: role.map(url(as:)) ?? superuser)
        return try connection.query(sql).rows.first?.decode(0)
    }

    /// Runs `sql` as `role` (the superuser when nil).
    public func execute(_ sql: String, as role: String? = nil) throws {
        try Connection(settings: role.map(url(as:)) ?? superuser).execute(sql)
    }
}

extension TeamDatabase {
    /// The team of issue 27's tests: each role linked to the user of its name, holding a level.
    public static let levels = [
        ("alice", "write"), ("bob", "triage"), ("carol", "read"), ("dana", "maintain"), ("erin", "admin"),
    ]

    /// Migrated by its owner (admin, with a user of its name), every teammate linked and granted
    /// their level through tracker's own commands; `mallory` can log in but holds nothing.
    public func prepareTeam() throws {
        let owner = tracker(as: "owner")
        for arguments in [["migrate"]]
            + TeamDatabase.levels.flatMap({ role, level in
                [["users", "add", role, "--role", role], ["access", "grant", role, level]]
            })
        {
            let outcome = try owner.run(arguments)
            guard outcome.status == 0 else {
                throw TestPostgresUnavailable("tracker \(arguments.joined(separator: " ")): \(outcome.stderr)")
            }
        }
    }
}

extension TeamDatabase {
    /// The real psql (Debian's /usr/bin/psql is a Perl wrapper): beside the server programs.
    public static var psqlPath: String {
        (try? ServerUser.programs.locate("psql").path) ?? "/usr/bin/psql"
    }

    /// `psql -c sql` as `role`: the real client, nothing of tracker's between it and the server.
    public func psql(as role: String, _ sql: String) throws -> TrackerProcess.Outcome {
        let outcome = try ChildProcess.run(
            TeamDatabase.psqlPath, ["-X", "-q", "-v", "ON_ERROR_STOP=1", url(as: role), "-c", sql],
            environment: ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("PG") }, stdin: Data())
        return TrackerProcess.Outcome(
            status: outcome.status, stdout: String(decoding: outcome.stdout, as: UTF8.self),
            stderr: String(decoding: outcome.stderr, as: UTF8.self))
    }
}

extension TeamDatabase {
    /// pgbouncer in transaction mode with a pool per role, each logging in with its own password.
    public func pgbouncer(for roles: [String]) throws -> PgBouncerProcess {
        try PgBouncerProcess.start(before: superuser, users: roles.map { ($0, password) })
    }

    /// `tracker` as `role`, through `bouncer`.
    public func tracker(as role: String, through bouncer: PgBouncerProcess) -> TrackerProcess {
        TrackerProcess(
            databaseSettings: "postgresql://\(role):\(password)@127.0.0.1:\(bouncer.port)/\(name)?sslmode=disable",
            user: nil)
    }
}
