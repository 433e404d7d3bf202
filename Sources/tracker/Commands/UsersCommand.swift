import ArgumentParser
import Interchange
import LineFront
import TrackerCore
import TrackerUI

struct UsersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "users",
        abstract: "Register and list the people who author and are assigned issues.",
        subcommands: [Add.self, Edit.self, List.self]
    )

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Register a user.")

        @Argument(help: "Letters, digits and single hyphens; starts with a letter; at most 39.")
        var login: String

        @Option(help: "The person's full name.")
        var name: String = ""

        @Option(
            help: """
                The database role that logs in as them (their actions are theirs); links an existing \
                user who has none yet.
                """)
        var role: String?

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            let user = try User(login: try Login(typed: login), name: name)
            let root = try await CompositionRoot.open(global)
            try await add(user, on: root)
        }

        /// The People tab's add, driven once, and said as the tab says it.
        @MainActor
        private func add(_ user: User, on root: CompositionRoot) async throws {
            let output = try await drive(root.people(), inputs: [.add(user, role: role)])
            if let notice = output.notice { root.terminal.writeLine(PeopleCommands.describe(notice)) }
        }
    }

    /// gh's `--name` on one's profile: one's own name with any level, anyone's as an admin.
    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit", abstract: "Set a user's display name (your own, or anyone's as an admin).")

        @Argument(help: "The user's login (@me: yourself).")
        var login: String

        @Option(help: "The person's full name; \"\" clears it.")
        var name: String

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            if login.lowercased() != "@me" { _ = try Login(typed: login) }
            let root = try await CompositionRoot.open(global)
            try await edit(on: root)
        }

        @MainActor
        private func edit(on root: CompositionRoot) async throws {
            let actor = try await root.actingUser().login
            let who = try Login.typed(login, me: actor)
            let output = try await drive(root.people(), inputs: [.rename(who, name: name, actor: actor)])
            if let notice = output.notice { root.terminal.writeLine(PeopleCommands.describe(notice)) }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List registered users by login.")

        @Option(name: [.customShort("S"), .long], help: "Only logins starting with this text (ignoring case).")
        var search: String?

        /// `--json`: an array of {login, name}.
        @OptionGroup var output: JSONOptions

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            let fields = try output.fields(available: JSONFieldList.user)
            let transform = try output.transform(environment: ProcessEnvironment.values)
            let root = try await CompositionRoot.open(global, schema: .read)
            try await list(fields: fields, transform: transform, on: root)
        }

        @MainActor
        private func list(fields: JSONFieldList?, transform: JSONTransform?, on root: CompositionRoot) async throws {
            let json = output.json
            let people = try await drive(root.people(), inputs: [.list(prefix: search, sayingWhyNone: !json)])
            try JSONOutput.write(transform, to: root.terminal) {
                UserListView(json: json, fields: fields).render(people, to: $0)
            }
        }
    }
}
