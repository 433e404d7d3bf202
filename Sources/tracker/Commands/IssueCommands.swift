import ArgumentParser
import Interchange
import LineFront
import TrackerCore
import TrackerUI

struct ShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show an issue with its timeline (gh's spelling, view, works too).",
        discussion: """
            --comments adds the comments, oldest first. --json adds `events` (kind, actor, subject, \
            stateReason, createdAt) and `comments` (id, author, body, createdAt, updatedAt) to the list fields.
            """,
        aliases: ["view"]
    )

    @Argument(help: "The issue number.")
    var number: String

    @Flag(help: "Print JSON (optionally: --json number,title,events,…).")
    var json = false

    @Option(name: .customLong("json-fields"), help: .hidden)
    var jsonFields: String?

    @Flag(help: "Show the comments under the timeline (JSON always has them).")
    var comments = false

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let number = try IssueNumber(parsing: number)
        let format = try OutputFormat(json: json, fields: jsonFields, allowed: IssueField.allCases)
        let root = try await CompositionRoot.open(global, schema: .read)
        let output = try await IssueDetailViewModel.drive(number, actor: nil, input: .appear, showIssue: root.showIssue)
        await root.render(format == .table ? .always : .never, noPager: global.noPager) {
            IssueDetailView(format: format, showsComments: comments).render(output, to: $0)
        }
    }
}

struct CloseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "close",
        abstract: "Close issues (all or nothing; closing a closed issue changes nothing).",
        discussion: "tracker close 12 · tracker close 7 8 9 --reason not-planned")

    @Argument(help: "The issue numbers.")
    var numbers: [String]

    @Option(
        name: [.customShort("r"), .long], help: "completed or not-planned (gh's not_planned and \"not planned\" too).",
        completion: .list(StateReason.closeReasons))
    var reason = StateReason.completed.rawValue

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let numbers = try IssueArguments.numbers(numbers, verb: "close")
        let reason = try StateReason(closeReason: reason)
        let root = try await CompositionRoot.open(global)
        let actor = try await root.actingUser().login
        let changes = try await root.closeIssue(numbers, reason: reason, actor: actor)
        await StateChangeView(closing: reason).render(changes, to: root.terminal)
    }
}

struct ReopenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reopen",
        abstract: "Reopen closed issues (all or nothing; reopening an open issue changes nothing).",
        discussion: "tracker reopen 12 · tracker reopen 7 8 9")

    @Argument(help: "The issue numbers.")
    var numbers: [String]

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let numbers = try IssueArguments.numbers(numbers, verb: "reopen")
        let root = try await CompositionRoot.open(global)
        let actor = try await root.actingUser().login
        let changes = try await root.reopenIssue(numbers, actor: actor)
        await StateChangeView(closing: nil).render(changes, to: root.terminal)
    }
}

extension IssueDetailViewModel {
    /// The issue screen driven once from the command line: its output, or its failure thrown.
    @MainActor
    static func drive(
        _ number: IssueNumber, actor: Login?, input: Input, showIssue: ShowIssue
    ) async throws -> Output {
        let viewModel = IssueDetailViewModel(number: number, actor: actor, useCases: .init(show: showIssue))
        await viewModel.send(input)
        if let failure = viewModel.output.failure { throw failure }
        return viewModel.output
    }
}
