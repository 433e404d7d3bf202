import ArgumentParser
import TrackerCore

/// Reads the command words before the argument parser does: gh's noun-verb habit (`tracker issue
/// list`, `tracker issue view 12`) means the same as `tracker list`, and a command that does not
/// exist is answered with the closest one (`unknown command 'lsit'; did you mean 'list'?`) rather
/// than the parser's "unexpected argument".
enum CommandWords {
    /// The nouns gh puts before its verbs; every tracker command that works on issues is one word.
    static let issueNouns: Set<String> = ["issue", "issues"]

    /// Options of every command that take the next word as their value.
    private static let optionsWithValues: Set<String> = [
        "--database-url", "--as", "-R", "--project", "--generate-completion-script",
    ]

    static func rewrite(_ arguments: [String], root: any ParsableCommand.Type = Tracker.self) throws -> [String] {
        var arguments = arguments
        guard var index = firstWord(in: arguments, from: 0) else { return arguments }
        if issueNouns.contains(arguments[index]) {
            arguments.remove(at: index)
            guard firstWord(in: arguments, from: index) != nil else {
                throw CommandWordsError("`tracker issue` needs a command after it, e.g. `tracker issue list`")
            }
        }
        var command = root
        var group: (any ParsableCommand.Type)?
        while let found = firstWord(in: arguments, from: index) {
            index = found
            let configuration = command.configuration
            // A group with a default command (`comment 12`) or none at all takes other words.
            guard !configuration.subcommands.isEmpty, configuration.defaultSubcommand == nil else { break }
            let word = arguments[index]
            guard let next = configuration.subcommands.first(where: { names(of: $0).contains(word) }) else {
                throw unknown(word, among: configuration.subcommands, under: group)
            }
            group = next
            command = next
            index += 1
        }
        return arguments
    }

    private static func names(of command: any ParsableCommand.Type) -> [String] {
        [command._commandName] + command.configuration.aliases
    }

    private static func unknown(
        _ word: String, among commands: [any ParsableCommand.Type], under group: (any ParsableCommand.Type)?
    ) -> CommandWordsError {
        let shown = group.map { "\($0._commandName) \(word)" } ?? word
        let help = group.map { "tracker \($0._commandName) --help" } ?? "tracker --help"
        let closest = NameSuggestions.rank(word, among: commands.flatMap(names), limit: 1)
        guard let suggestion = closest.first else {
            return CommandWordsError("unknown command '\(shown)'; see `\(help)`")
        }
        let suggested = group.map { "\($0._commandName) \(suggestion)" } ?? suggestion
        return CommandWordsError("unknown command '\(shown)'; did you mean '\(suggested)'?")
    }

    /// The index of the first word at or after `start` that is neither an option nor an option's value.
    private static func firstWord(in arguments: [String], from start: Int) -> Int? {
        var index = start
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" { return nil }
            guard argument.hasPrefix("-"), argument.count > 1 else { return index }
            index += optionsWithValues.contains(argument) ? 2 : 1
        }
        return nil
    }
}

/// A command line naming a command that does not exist: one line, exit 64.
struct CommandWordsError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
