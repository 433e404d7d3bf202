import ArgumentParser
import Interchange
import LineFront
import TrackerCore
import TrackerUI

struct DeleteIssuesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Move issues to the trash (gh issue delete); `tracker restore` brings them back.",
        discussion: """
            tracker delete 12 · tracker delete 7 8 9 --yes. At a terminal it asks first; elsewhere it needs --yes. \
            A deleted issue leaves every list, search, count and status until it is restored; \
            `tracker trash purge` removes it for good. Your own issues need write, anyone's maintain.
            """)

    @Argument(help: "The issue numbers.")
    var numbers: [String]

    @Flag(help: "Delete without asking.")
    var yes = false

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let numbers = try IssueArguments.numbers(numbers, verb: "delete")
        let listed = numbers.map { "#\($0.value)" }.joined(separator: ", ")
        guard
            try await Confirmation.given(
                yes,
                question:
                    "Move \(listed) to the trash? (`tracker restore` brings \(numbers.count == 1 ? "it" : "them") back)",
                refusal: "deleting needs --yes when tracker cannot ask (standard input is not a terminal)")
        else { return }
        let root = try await CompositionRoot.open(global)
        try await TrashChanges.run(.delete(numbers), on: root)
    }
}

struct RestoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Take issues out of the trash, as they were.",
        discussion: "tracker restore 12 · tracker restore 7 8 9 (see `tracker trash list`)")

    @Argument(help: "The issue numbers.")
    var numbers: [String]

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let numbers = try IssueArguments.numbers(numbers, verb: "restore")
        let root = try await CompositionRoot.open(global)
        try await TrashChanges.run(.restore(numbers), on: root)
    }
}

struct TrashCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trash",
        abstract: "What was deleted: list it, or remove it for good.",
        subcommands: [ListTrashCommand.self, PurgeTrashCommand.self],
        defaultSubcommand: ListTrashCommand.self)
}

struct ListTrashCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "The deleted issues and comments, most recently deleted first.")

    @OptionGroup var output: JSONOptions

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let fields = try output.fields(available: JSONFieldList.trashed)
        let transform = try output.transform(environment: ProcessEnvironment.values)
        let root = try await CompositionRoot.open(global, schema: .read)
        try await TrashChanges.run(.list, json: output.json, fields: fields, transform: transform, on: root)
    }
}

struct PurgeTrashCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "purge",
        abstract: "Remove for good what was deleted longer ago than --older-than (maintain).",
        discussion:
            "tracker trash purge --older-than 30d · --older-than 2w · --older-than 12h. It asks first at a terminal.")

    @Option(help: "An age: 30d, 2w, 12h.")
    var olderThan: String

    @Flag(help: "Purge without asking.")
    var yes = false

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let age = try AgeLimit(parsing: olderThan)
        guard
            try await Confirmation.given(
                yes, question: "Remove for good what was deleted more than \(olderThan) ago? This cannot be undone",
                refusal: "purging needs --yes when tracker cannot ask (standard input is not a terminal)")
        else { return }
        let root = try await CompositionRoot.open(global)
        try await TrashChanges.run(.purge(olderThan: age), on: root)
    }
}

/// The trash view model driven once, said by the line front's `TrashView`.
enum TrashChanges {
    @MainActor
    static func run(
        _ input: TrashViewModel.Input, json: Bool = false, fields: JSONFieldList? = nil,
        transform: JSONTransform? = nil, on root: CompositionRoot
    ) async throws {
        let actor = try await root.actingUser().login
        let output = try await drive(root.trash(actor: actor), inputs: [input])
        try JSONOutput.write(transform, to: root.terminal) {
            TrashView(json: json, fields: fields).render(output, to: $0)
        }
    }
}

/// A question a person answers before something drastic: asked at a terminal, else `--yes` is
/// needed (a usage error). False, said, when the person answers no.
enum Confirmation {
    @MainActor
    static func given(_ yes: Bool, question: String, refusal: String) throws -> Bool {
        guard !yes else { return true }
        guard isatty(STDIN_FILENO) == 1 else { throw ValidationError(refusal) }
        let answer = Console.terminal.readAnswer(prompt: question + " [y/N] ")?.trimmed.lowercased() ?? ""
        guard answer == "y" || answer == "yes" else {
            Console.terminal.writeLine("Nothing was changed.")
            return false
        }
        return true
    }
}
