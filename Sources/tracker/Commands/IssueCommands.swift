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
        let format = try OutputFormat(json: json, fields: jsonFields, allowed: IssueField.showFields)
        let root = try await CompositionRoot.open(global, schema: .read)
        try await show(number, format: format, on: root)
    }

    @MainActor
    private func show(_ number: IssueNumber, format: OutputFormat, on root: CompositionRoot) async throws {
        let output = try await drive(root.issueDetail(number), inputs: [.appear])
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
        try await IssueStates.change(.close(numbers, reason), on: root)
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
        try await IssueStates.change(.reopen(numbers), on: root)
    }
}

/// `close` and `reopen`: the issue list's own close and reopen, driven once with no list loaded,
/// and said as the list says them, a line per issue.
enum IssueStates {
    @MainActor
    static func change(_ input: IssueListViewModel.Input, on root: CompositionRoot) async throws {
        let actor = try await root.actingUser().login
        let output = try await drive(root.issueList(actor: actor), inputs: [input])
        if let notice = output.notice { root.terminal.writeLine(IssueListView.describe(notice)) }
    }
}
