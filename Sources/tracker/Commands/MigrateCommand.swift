import ArgumentParser
import TrackerPostgres

struct MigrateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Apply the pending database migrations (or show them with --status)."
    )

    @Flag(help: "Show each migration and whether it is applied, without changing anything.")
    var status = false

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let root = try await CompositionRoot.open(global, schema: .none)
        let migrator = Migrator(database: root.database)
        if status {
            for entry in try await migrator.status() {
                await Console.terminal.say("\(entry.name)  \(MigrateCommand.describe(entry.state))")
            }
            return
        }
        let applied = try await migrator.migrate()
        if applied.isEmpty {
            await Console.terminal.say("Database schema is up to date.")
        } else {
            for migration in applied { await Console.terminal.say("Applied \(migration.name)") }
        }
    }

    static func describe(_ state: MigrationState) -> String {
        switch state {
        case .applied: "applied"
        case .pending: "pending"
        case .changed: "CHANGED since it was applied"
        case .unknown: "applied, unknown to this tracker (upgrade tracker)"
        }
    }
}
