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

    static var cluster: LocalCluster {
        PrivateCluster.cluster(environment: ProcessEnvironment.values)
    }

    struct Start: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "start", abstract: "Create (on first use), start and migrate it.")

        func run() async throws {
            let cluster = DatabaseCommand.cluster
            let settings = try DatabaseCommand.translating { try cluster.ensureRunning() }
            let applied = try await Migrator(database: Database(settings: settings)).migrate()
            for migration in applied { await Console.terminal.say("Applied \(migration.name)") }
            await Console.terminal.say("Private PostgreSQL is running in \(cluster.directory.path)")
        }
    }

    struct Stop: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "stop", abstract: "Stop it.")

        func run() async throws {
            let cluster = DatabaseCommand.cluster
            let stopped = try DatabaseCommand.translating { try cluster.stop() }
            await Console.terminal.say(stopped ? "Private PostgreSQL stopped." : "Private PostgreSQL was not running.")
        }
    }

    struct Status: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "status", abstract: "Say whether it exists and runs.")

        func run() async throws {
            let cluster = DatabaseCommand.cluster
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
            }
        }
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
