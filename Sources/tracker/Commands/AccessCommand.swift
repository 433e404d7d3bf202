import ArgumentParser
import Interchange
import LineFront
import TrackerCore
import TrackerUI

/// `tracker access`: the five levels people's database roles hold on this tracker.
struct AccessCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "access",
        abstract: "Who may do what: grant, revoke and list the levels read, triage, write, maintain and admin.",
        discussion: """
            Levels are PostgreSQL roles, checked by the database: read (list, show, status, watch, export), \
            triage (labels, milestones and assignees on issues, close, reopen), write (create, comment, edit \
            your own issues and comments), maintain (anyone's issues and comments, labels, milestones, import), \
            admin (users, levels, --as). Each holds everything below it. With -R KEY, grant and revoke \
            a level in that project only (none, read, triage, write or maintain; none shuts them out).
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
            let input: AccessViewModel.Input =
                global.project == nil ? .grant(level: level, to: who) : .grantInProject(level: level, to: who)
            try await AccessCommand.change(input, on: try await CompositionRoot.open(global))
        }
    }

    struct Revoke: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "revoke", abstract: "Take every level away from a user (or a role).")

        @Argument(help: "A login linked to a role, or a role's name.")
        var who: String

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            let input: AccessViewModel.Input = global.project == nil ? .revoke(from: who) : .revokeInProject(from: who)
            try await AccessCommand.change(input, on: try await CompositionRoot.open(global))
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "Every role holding a level, with its user, then the users who still need a role.")

        /// `--json`: an array of {login, role, level}.
        @OptionGroup var output: JSONOptions

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            let fields = try output.fields(available: JSONFieldList.access)
            let transform = try output.transform(environment: ProcessEnvironment.values)
            let root = try await CompositionRoot.open(global, schema: .read)
            try await list(fields: fields, transform: transform, on: root)
        }

        @MainActor
        private func list(fields: JSONFieldList?, transform: JSONTransform?, on root: CompositionRoot) async throws {
            let entries = try await drive(root.access(), inputs: [.list]).entries
            try JSONOutput.write(transform, to: root.terminal) {
                AccessView(json: output.json, fields: fields).render(entries, to: $0)
            }
        }
    }

    /// A grant or a revocation, driven once and said in one line.
    @MainActor
    static func change(_ input: AccessViewModel.Input, on root: CompositionRoot) async throws {
        let output = try await drive(root.access(), inputs: [input])
        if let change = output.change { root.terminal.writeLine(AccessView.describe(change)) }
    }
}
