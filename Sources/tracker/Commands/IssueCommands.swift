import ArgumentParser
import Interchange
import TrackerCore
import TrackerUI

extension StateReason: ExpressibleByArgument {
    public init?(argument: String) {
        guard let reason = try? StateReason(closeReason: argument) else { return nil }
        self = reason
    }

    public static var allValueStrings: [String] { ["completed", "not-planned"] }
}

struct ShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show an issue with its timeline.",
        discussion: """
            --comments adds the comments, oldest first. --json adds `events` (kind, actor, subject, \
            stateReason, createdAt) and `comments` (id, author, body, createdAt, updatedAt) to the list fields.
            """
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
        await IssueDetailView(format: format, showsComments: comments).render(output, to: root.terminal)
    }
}

struct CloseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "close", abstract: "Close an issue (closing a closed issue changes nothing).")

    @Argument(help: "The issue number.")
    var number: String

    @Option(help: "completed or not-planned.")
    var reason: StateReason = .completed

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let number = try IssueNumber(parsing: number)
        let root = try await CompositionRoot.open(global)
        let actor = try await root.actingUser().login
        let output = try await IssueDetailViewModel.drive(
            number, actor: actor, input: .close(reason), showIssue: root.showIssue, closeIssue: root.closeIssue)
        await IssueDetailView(format: .table).renderNotice(output, to: root.terminal)
    }
}

struct ReopenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reopen", abstract: "Reopen a closed issue (reopening an open issue changes nothing).")

    @Argument(help: "The issue number.")
    var number: String

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let number = try IssueNumber(parsing: number)
        let root = try await CompositionRoot.open(global)
        let actor = try await root.actingUser().login
        let output = try await IssueDetailViewModel.drive(
            number, actor: actor, input: .reopen, showIssue: root.showIssue, reopenIssue: root.reopenIssue)
        await IssueDetailView(format: .table).renderNotice(output, to: root.terminal)
    }
}

extension IssueDetailViewModel {
    /// The issue screen driven once from the command line: its output, or its failure thrown.
    @MainActor
    static func drive(
        _ number: IssueNumber, actor: Login?, input: Input, showIssue: ShowIssue, closeIssue: CloseIssue? = nil,
        reopenIssue: ReopenIssue? = nil
    ) async throws -> Output {
        let viewModel = IssueDetailViewModel(
            number: number, actor: actor, useCases: .init(show: showIssue, close: closeIssue, reopen: reopenIssue),
            reloadsAfterChange: false)
        await viewModel.send(input)
        if let failure = viewModel.output.failure { throw failure }
        return viewModel.output
    }
}
