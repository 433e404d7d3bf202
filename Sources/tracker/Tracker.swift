import ArgumentParser
import SettingsFile
import TerminalKit
import TrackerCore
import TrackerUI

@main
struct Tracker: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        RootParsing.skipsCompletionCheck.load(ordering: .relaxed) ? withoutCompletionCheck : asDocumented
    }

    /// The same root under a super-command name, which makes the parser skip its completion-script
    /// check (`RootParsing`); never used for help or completions.
    private static let withoutCompletionCheck = {
        var configuration = asDocumented
        configuration._superCommandName = "tracker"
        return configuration
    }()

    private static let asDocumented = CommandConfiguration(
        commandName: "tracker",
        abstract: "A terminal issue tracker on PostgreSQL.",
        discussion: """
            With no subcommand, opens the interactive screens (issue list → new issue → assignees); \
            it reads commands from standard input, so it also works from a pipe.
            Exit codes (README's table): 0 success, 1 unexpected error, 64 usage error, 65 invalid input or \
            not found, 69 unavailable (the database, jq), 75 someone else changed it first (your text is kept), \
            77 not allowed, 78 configuration (the database schema: run `tracker migrate`; a config file).
            """,
        version: TrackerVersion.line,
        subcommands: [
            CreateCommand.self, ListCommand.self, ShowCommand.self, EditCommand.self, CommentCommand.self,
            StatusCommand.self, ReportCommand.self, AssignCommand.self, UnassignCommand.self, CloseCommand.self,
            ReopenCommand.self,
            DeleteIssuesCommand.self, RestoreCommand.self, TrashCommand.self, UndoCommand.self, DiffCommand.self,
            LabelCommand.self, MilestoneCommand.self, ImportCommand.self, ExportCommand.self, UsersCommand.self,
            WatchCommand.self, AccessCommand.self, ProjectCommand.self, MoveCommand.self, MigrateCommand.self,
            DatabaseCommand.self, ConfigCommand.self,
            AliasCommand.self, VersionCommand.self,
        ]
    )

    @OptionGroup var global: GlobalOptions

    @Flag(help: "Use the line front (a prompt per line) even at a terminal, as for pipes, screen readers and scripts.")
    var plain = false

    func run() async throws {
        let root = try await CompositionRoot.open(global)
        let actor = try await root.actingUser().login
        let permissions = try await root.manageAccess.permissions(actor: actor)
        await Front.show(acting: actor, permissions: permissions, on: root, plain: plain)
    }

    /// Parses, runs, and turns a `TrackerError` into one line on stderr and its exit code.
    static func main() async {
        StandardStreams.ignoreBrokenPipes()
        if TrackerVersion.isTheWholeRequest(CommandLine.arguments.dropFirst()) {
            // A terminal that reads no environment: the version is said before anything is read.
            StandardTerminal(environment: [:]).say(TrackerVersion.line)
            return
        }
        do {
            try CommandLineText.requireValidUTF8()
            let settings = try Settings.load(environment: ProcessEnvironment.values)
            Settings.keep(settings)
            let typed = try AliasExpansion.expand(Array(CommandLine.arguments.dropFirst()), aliases: settings.aliases)
            // A line that starts with a hot command's name needs no command words read (`QuickParsing`).
            if let quick = QuickParsing.command(JSONFieldsArgument.rewrite(typed)) {
                try await OneThreadRun.run(quick)
                return
            }
            let words = JSONFieldsArgument.rewrite(try CommandWords.rewrite(typed))
            if let quick = QuickParsing.command(words) {
                try await OneThreadRun.run(quick)
                return
            }
            var command = try RootParsing.parse(words)
            if var asyncCommand = command as? any AsyncParsableCommand {
                if OneThreadRun.suits(asyncCommand) {
                    try await OneThreadRun.run(asyncCommand)
                } else {
                    try await asyncCommand.run()
                }
            } else {
                try command.run()
            }
        } catch let error as CommandWordsError {
            Console.terminal.sayError(error.description)
            exitProcess(ExitCode.validationFailure.rawValue)
        } catch let error as SettingsError {
            Console.terminal.sayError("\(error); fix it, or remove it to start afresh")
            exitProcess(ExitStatus.configuration)
        } catch let error as ProgramUnavailable {
            Console.terminal.sayError(error.description)
            exitProcess(ExitStatus.unavailable)
        } catch let error as TrackerError {
            Console.terminal.sayError("\(error)")
            exitProcess(ExitStatus.of(error))
        } catch {
            let code = exitCode(for: error)
            guard code != .success else { exit(withError: error) }  // --help, --version
            let message = OptionSuggestions.improve(
                message(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)")
            Console.terminal.sayError("\(message) (see --help)")
            exitProcess(code.rawValue)
        }
    }
}

/// The documented exit codes (sysexits.h names).
enum ExitStatus {
    static let usage: Int32 = 64
    static let invalidInput: Int32 = 65
    /// sysexits' EX_TEMPFAIL: someone else's change came first; retrying can succeed.
    static let conflict: Int32 = 75
    static let unavailable: Int32 = 69
    static let schemaMismatch: Int32 = 78
    /// sysexits' EX_CONFIG, as for the schema: a config file that cannot be read.
    static let configuration: Int32 = 78
    /// sysexits' EX_NOPERM: the database does not allow this role the change.
    static let accessDenied: Int32 = 77
    static let failure: Int32 = 1

    /// 64 when the command line itself is wrong (a flag's value that is not one of its words,
    /// fields or numbers: `--sort`, `--json`, `--since`), 65 when a value breaks the data's
    /// rules or names nothing; README's exit-code table says the same.
    static func of(_ error: TrackerError) -> Int32 {
        switch error {
        case .invalidInput(let field, _) where field.hasPrefix("-"): usage
        case .invalidInput, .notFound, .unknownUser, .unknownLabel, .unknownMilestone, .unknownActingUser,
            .tooManyAssignees,
            .notPermitted:
            invalidInput
        case .unknownChoice: usage
        case .editConflict, .changedMeanwhile: conflict
        case .databaseUnavailable: unavailable
        case .schemaMismatch: schemaMismatch
        case .accessDenied: accessDenied
        case .storageFailure: failure
        }
    }
}
