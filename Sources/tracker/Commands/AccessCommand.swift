import ArgumentParser
import Interchange
import TerminalKit
import TrackerCore

/// `tracker access`: the five levels people's database roles hold on this tracker.
struct AccessCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "access",
        abstract: "Who may do what: grant, revoke and list the levels read, triage, write, maintain and admin.",
        discussion: """
            Levels are PostgreSQL roles, checked by the database: read (list, show, status, watch, export), \\
            triage (labels, milestones and assignees on issues, close, reopen), write (create, comment, edit \\
            your own issues and comments), maintain (anyone's issues and comments, labels, milestones, import), \\
            admin (users, levels, --as). Each holds everything below it.
            """,
        subcommands: [Grant.self, Revoke.self, List.self]
    )

    struct Grant: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "grant", abstract: "Give a user (or a role) exactly one level.")

        @Argument(help: "A login linked to a role (`users add LOGIN --role ROLE`), or a role's name.")
        var who: String

        @Argument(help: "read, triage, write, maintain or admin.")
        var level: String

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            let root = try await CompositionRoot.open(global)
            try await root.manageAccess.grant(level, to: who)
            await root.terminal.say("\(who) has \(try AccessLevel(choosing: level).rawValue) on this tracker")
        }
    }

    struct Revoke: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "revoke", abstract: "Take every level away from a user (or a role).")

        @Argument(help: "A login linked to a role, or a role's name.")
        var who: String

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            let root = try await CompositionRoot.open(global)
            try await root.manageAccess.revoke(from: who)
            await root.terminal.say("\(who) has no access to this tracker")
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "Every role holding a level, with its user, then the users who still need a role.")

        @Flag(help: "Print a JSON array of {login, role, level} (--json FIELDS: only those fields).")
        var json = false

        @Option(name: .customLong("json-fields"), help: .hidden)
        var jsonFields: String?

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            let fields = try JSONFieldList.selection(jsonFields, available: ["level", "login", "role"])
            let root = try await CompositionRoot.open(global, schema: .read)
            let entries = try await root.manageAccess.list()
            if json {
                let objects = entries.map { entry in
                    JSONValue.object([
                        "login": JSONValue(entry.login?.value), "role": JSONValue(entry.role),
                        "level": JSONValue(entry.level?.rawValue),
                    ])
                }
                await root.terminal.writeLine(
                    VisibleText.block(
                        String(IssueJSON.encode(JSONFieldList.apply(fields, to: .array(objects))).dropLast())))
                return
            }
            for entry in entries {
                if let level = entry.level {
                    let who = entry.login.map { "\($0.value) (role \(entry.role ?? ""))" } ?? "role \(entry.role ?? "")"
                    await root.terminal.say("\(level.rawValue)\t\(who)")
                } else if let login = entry.login {
                    await root.terminal.say(
                        "-\t\(login.value): needs a role (`tracker users add \(login.value) --role ROLE`)")
                }
            }
        }
    }
}
