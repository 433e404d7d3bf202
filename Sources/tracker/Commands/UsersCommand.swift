import ArgumentParser
import Interchange
import TrackerCore

struct UsersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "users",
        abstract: "Register and list the people who author and are assigned issues.",
        subcommands: [Add.self, List.self]
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
            let user = try User(login: try Login(login), name: name)
            let root = try await CompositionRoot.open(global)
            switch try await root.addUser(user, role: role) {
            case .added(let added): Say.line("Added user \(added.login)" + (role.map { " (role \($0))" } ?? ""))
            case .linked(let linked): Say.line("Linked user \(linked.login) to role \(role ?? "")")
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List registered users by login.")

        @Option(name: [.customShort("S"), .long], help: "Only logins starting with this text (ignoring case).")
        var search: String?

        @Flag(help: "Print a JSON array of {login, name} (--json FIELDS: only those fields).")
        var json = false

        @Option(name: .customLong("json-fields"), help: .hidden)
        var jsonFields: String?

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            let fields = try JSONFieldList.selection(jsonFields, available: JSONFieldList.user)
            let root = try await CompositionRoot.open(global, schema: .read)
            let users = try await root.listUsers(prefix: search)
            if json {
                let objects = users.map {
                    JSONValue.object(["login": .string($0.login.value), "name": .string($0.name)])
                }
                Say.block(String(IssueJSON.encode(JSONFieldList.apply(fields, to: .array(objects))).dropLast()))
            } else if users.isEmpty, let search, !(try await root.listUsers(prefix: nil, limit: 1)).isEmpty {
                Say.line("No users match '\(search)'.")
            } else if users.isEmpty {
                Say.line("No users. Add one with `tracker users add LOGIN --name \"Full Name\"`.")
            } else {
                let width = users.map(\.login.value.count).max() ?? 0
                for user in users {
                    Say.line(
                        user.login.value + String(repeating: " ", count: width - user.login.value.count) + "  "
                            + user.name)
                }
            }
        }
    }
}
