import ArgumentParser
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
        discussion: "--json adds `events` (kind, actor, subject, stateReason, createdAt) to the list fields."
    )

    @Argument(help: "The issue number.")
    var number: String

    @Flag(help: "Print JSON (optionally: --json number,title,events,…).")
    var json = false

    @Option(name: .customLong("json-fields"), help: .hidden)
    var jsonFields: String?

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let number = try IssueNumber(parsing: number)
        let format = try OutputFormat(json: json, fields: jsonFields, allowed: IssueField.allCases)
        let root = try await CompositionRoot.open(global, schema: .read)
        let failure = await root.issueDetail(number, actor: nil, input: .appear, format: format)
        if let failure { throw failure }
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
        if let failure = await root.issueDetail(number, actor: actor, input: .close(reason)) { throw failure }
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
        if let failure = await root.issueDetail(number, actor: actor, input: .reopen) { throw failure }
    }
}

extension CompositionRoot {
    /// The issue screen, driven once: shows it (`format`), or closes/reopens it and says what happened.
    @MainActor
    func issueDetail(
        _ number: IssueNumber, actor: Login?, input: IssueDetailViewModel.Input, format: OutputFormat? = nil
    ) async -> TrackerError? {
        let viewModel = IssueDetailViewModel(
            number: number, actor: actor,
            useCases: .init(
                show: ShowIssue(issues: issues), close: CloseIssue(issues: issues), reopen: ReopenIssue(issues: issues))
        )
        await viewModel.send(input)
        if let failure = viewModel.output.failure { return failure }
        let view = IssueDetailView(format: format ?? .table)
        if format == nil {
            view.renderNotice(viewModel.output, to: StandardTerminal())
        } else {
            view.render(viewModel.output, to: StandardTerminal())
        }
        return nil
    }
}
