import ArgumentParser
import Interchange
import LineFront
import TrackerCore

/// `tracker config`: the person's settings file (see `Settings`), as gh's `config`.
struct ConfigCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Show and change your settings: database_url, editor, pager, project.",
        discussion: """
            Kept in $XDG_CONFIG_HOME/tracker/config.toml (TRACKER_CONFIG_DIR names another folder), mode \
            0600. A flag wins, then TRACKER_PAGER or DATABASE_URL, then this file, then VISUAL, EDITOR, \
            PAGER or libpq's PG* variables, then the default; `config list` says which applies.
            """,
        subcommands: [Get.self, Set.self, Unset.self, List.self]
    )

    /// A known key, or the usage error that names the closest.
    static func key(_ text: String) throws -> String {
        let names = Settings.keys.map(\.name)
        guard names.contains(text) else {
            throw TrackerError.unknownChoice(
                field: "setting", value: text, suggestions: NameSuggestions.rank(text, among: names, limit: 1),
                choices: names)
        }
        return text
    }

    struct Get: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "get", abstract: "Print the value a setting has now (from wherever it comes).")

        @Argument(help: "database_url, editor, pager or project.")
        var key: String

        func run() async throws {
            let key = try ConfigCommand.key(key)
            let resolved = Settings.shared.resolved(environment: ProcessEnvironment.values)
            guard let setting = resolved.first(where: { $0.key == key }), setting.source != "default" else { return }
            await Console.terminal.say(setting.value)
        }
    }

    struct Set: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set", abstract: "Keep a setting in your config file.")

        @Argument(help: "database_url, editor, pager or project.")
        var key: String

        @Argument(help: "Its value.")
        var value: String

        func run() async throws {
            let key = try ConfigCommand.key(key)
            guard !value.unicodeScalars.contains(where: TextRules.isControl) else {
                throw TrackerError.invalidInput(field: key, rule: "a setting is one line with no control characters")
            }
            var settings = Settings.shared
            settings.document.values[key] = value
            try settings.save()
            await Console.terminal.say(SettingsView.describe(set: key, to: value, kind: "setting"))
        }
    }

    struct Unset: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "unset", abstract: "Remove a setting from your config file (its default applies again).")

        @Argument(help: "database_url, editor, pager or project.")
        var key: String

        func run() async throws {
            let key = try ConfigCommand.key(key)
            var settings = Settings.shared
            settings.document.values[key] = nil
            try settings.save()
            await Console.terminal.say(SettingsView.describe(set: key, to: nil, kind: "setting"))
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "Every setting, its value and where it comes from.")

        @OptionGroup var output: JSONOptions

        func run() async throws {
            let fields = try output.fields(available: SettingsView.configFields)
            let transform = try output.transform(environment: ProcessEnvironment.values)
            try await show(fields: fields, transform: transform)
        }

        @MainActor
        private func show(fields: JSONFieldList?, transform: JSONTransform?) throws {
            let resolved = Settings.shared.resolved(environment: ProcessEnvironment.values)
            try JSONOutput.write(transform, to: Console.terminal) {
                SettingsView(json: output.json, fields: fields).render(
                    settings: resolved.map { ($0.key, $0.value, $0.source) }, to: $0)
            }
        }
    }
}
