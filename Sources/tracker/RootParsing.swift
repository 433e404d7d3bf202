import ArgumentParser
import Synchronization

/// swift-argument-parser's `parseAsRoot` looks for `--generate-completion-script` on every parse by
/// parsing the arguments twice more, as two pseudo-commands of its own (a sixth of `tracker list`'s
/// instructions, most of them protocol-conformance scans for those commands' types); it leaves that
/// out only for a root that names a super-command. So a command line that cannot ask for a
/// completion script, help or a dump of the help is parsed by the same root under a super-command
/// name (`Tracker.configuration` while `skipsCompletionCheck` is set); any other line, and any line
/// that parse refuses, is parsed by the root as it is, so help, completions and every message read
/// as before. The super-command name shows only in help and completion scripts, never made here.
enum RootParsing {
    static let skipsCompletionCheck = Atomic<Bool>(false)

    static func parse(_ arguments: [String]) throws -> any ParsableCommand {
        try parsed(arguments).command
    }

    /// The command, and whether the parser looked for a completion-script request.
    static func parsed(_ arguments: [String]) throws -> (command: any ParsableCommand, checkedForCompletions: Bool) {
        if arguments.allSatisfy(cannotAskForHelpOrCompletions) {
            skipsCompletionCheck.store(true, ordering: .relaxed)
            let parsed = try? Tracker.parseAsRoot(arguments)
            skipsCompletionCheck.store(false, ordering: .relaxed)
            if let parsed { return (parsed, false) }
        }
        return (try Tracker.parseAsRoot(arguments), true)
    }

    /// False for the words swift-argument-parser answers itself: help in every spelling it takes, the
    /// help dump, the version, custom completions and the completion script.
    static func cannotAskForHelpOrCompletions(_ word: String) -> Bool {
        switch word {
        case "-h", "--help", "-help", "help", "--experimental-dump-help", "--version", "---completion": false
        default: !word.hasPrefix("--generate-completion-script")
        }
    }
}
