import ArgumentParser
import Postgres
import TrackerCore
import TrackerPostgres

struct DatabaseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "db",
        abstract: "Start, stop or inspect the private PostgreSQL used when no database is configured.",
        subcommands: [Start.self, Stop.self, Status.self]
    )

    static func cluster() throws -> LocalCluster {
        try PrivateCluster.cluster(environment: ProcessEnvironment.values)
    }

    struct Start: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "start", abstract: "Create (on first use), start and migrate it.")

        func run() async throws {
            let cluster = try DatabaseCommand.cluster()
            let settings = try DatabaseCommand.translating { try cluster.ensureRunning() }
            let applied = try await Migrator(database: Database(settings: settings)).migrate()
            for migration in applied { await Console.terminal.say("Applied \(migration.name)") }
            await Console.terminal.say("Private PostgreSQL is running in \(cluster.directory.path)")
            await Console.terminal.say(DatabaseCommand.poolerState(of: cluster))
        }
    }

    struct Stop: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "stop", abstract: "Stop it.")

        func run() async throws {
            let cluster = try DatabaseCommand.cluster()
            let stopped = try DatabaseCommand.translating { try cluster.stop() }
            await Console.terminal.say(stopped ? "Private PostgreSQL stopped." : "Private PostgreSQL was not running.")
        }
    }

    struct Status: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "status", abstract: "Say whether it exists and runs.")

        func run() async throws {
            let cluster = try DatabaseCommand.cluster()
            guard cluster.isInitialized else {
                await Console.terminal.say(
                    "Private PostgreSQL not created yet (it will be in \(cluster.directory.path) on first use).")
                return
            }
            let running = try DatabaseCommand.translating { try cluster.isRunning() }
            await Console.terminal.say(
                "Private PostgreSQL is \(running ? "running" : "stopped") in \(cluster.directory.path)")
            if running {
                await Console.terminal.say(
                    "Connect with: PGOPTIONS='-c search_path=tracker' psql \"\(cluster.connectionSettings())\"")
                await Console.terminal.say(DatabaseCommand.poolerState(of: cluster))
            }
        }
    }

    /// Whether commands reach the server through the pooler, and if not, why.
    static func poolerState(of cluster: LocalCluster) -> String {
        let pooler = cluster.pooler
        if !cluster.pooled { return "Pooler: off (TRACKER_POOLER=off): each command opens its own server session." }
        if pooler.isListening, pooler.runningProcess != nil {
            return "Pooler: pgbouncer keeps server sessions warm between commands; they connect through "
                + "\"\(cluster.commandSettings())\""
        }
        if pooler.program() == nil {
            return "Pooler: pgbouncer is not installed, so each command opens its own server session "
                + "(install it, e.g. apt-get install pgbouncer, and run tracker db start)."
        }
        return "Pooler: pgbouncer is not running (see \(pooler.logFile.path)); commands connect to the server "
            + "until the next one starts it."
    }

    static func translating<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as LocalClusterError {
            throw TrackerError.databaseUnavailable("private PostgreSQL: \(error.trackerWording)")
        } catch let error as PostgresError {
            throw TrackerError.databaseUnavailable("private PostgreSQL: \(error)")
        }
    }
}
