import ArgumentParser
import Interchange
import LineFront
import TrackerCore

/// `tracker alias`: gh's aliases, kept in the config file's `[aliases]` (see `AliasExpansion`).
struct AliasCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "alias",
        abstract: "Name a command line you type often: tracker alias set bugs 'list --label bug'.",
        discussion: """
            An alias is expanded before anything else reads the command line: `tracker bugs -s all` runs \
            `tracker list --label bug -s all`. $1, $2… in the expansion take the words after the alias.
            """,
        subcommands: [Set.self, List.self, Delete.self]
    )

    struct Set: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "set", abstract: "Create or change an alias.")

        @Argument(help: "The alias: letters, digits, - and _.")
        var name: String

        @Argument(help: "What it stands for, e.g. 'list --label bug' (quoted as one word).")
        var expansion: String

        func validate() throws {
            guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_".contains($0)) })
            else { throw ValidationError("an alias is letters, digits, - and _, e.g. bugs") }
        }

        func run() async throws {
            let commands = Tracker.configuration.subcommands.flatMap { [$0._commandName] + $0.configuration.aliases }
            guard !commands.contains(name), !CommandWords.issueNouns.contains(name) else {
                throw ValidationError("'\(name)' is a tracker command; an alias cannot hide it")
            }
            let words = try AliasExpansion.words(expansion)
            if expansion.hasPrefix("!") { throw ValidationError("tracker runs no shell aliases (gh's '!…')") }
            guard let first = words.first, commands.contains(first) || CommandWords.issueNouns.contains(first) else {
                throw ValidationError("an alias stands for a tracker command, e.g. 'list --label bug'")
            }
            var settings = Settings.shared
            settings.document.tables["aliases", default: [:]][name] = expansion
            try settings.save()
            await Console.terminal.say(SettingsView.describe(set: name, to: expansion, kind: "alias"))
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "Every alias and what it runs.")

        @OptionGroup var output: JSONOptions

        func run() async throws {
            let fields = try output.fields(available: SettingsView.aliasFields)
            let transform = try output.transform(environment: ProcessEnvironment.values)
            try await show(fields: fields, transform: transform)
        }

        @MainActor
        private func show(fields: JSONFieldList?, transform: JSONTransform?) throws {
            let aliases = Settings.shared.aliases.sorted { $0.key < $1.key }.map { (name: $0.key, expansion: $0.value) }
            try JSONOutput.write(transform, to: Console.terminal) {
                SettingsView(json: output.json, fields: fields).render(aliases: aliases, to: $0)
            }
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "delete", abstract: "Remove an alias.")

        @Argument(help: "The alias.")
        var name: String

        func run() async throws {
            var settings = Settings.shared
            guard settings.aliases[name] != nil else {
                let known = Array(settings.aliases.keys)
                let closest = NameSuggestions.rank(name, among: known, limit: 1)
                throw TrackerError.notFound(
                    "no alias '\(name)'"
                        + (closest.first.map { "; did you mean '\($0)'?" } ?? ": see `tracker alias list`"))
            }
            settings.document.tables["aliases"]?[name] = nil
            try settings.save()
            await Console.terminal.say(SettingsView.describe(set: name, to: nil, kind: "alias"))
        }
    }
}
