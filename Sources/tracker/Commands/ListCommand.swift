import ArgumentParser
import TrackerCore
import TrackerUI

extension StateFilter: ExpressibleByArgument {}

struct ListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List issues, newest first.",
        discussion: """
            JSON fields: number, title, body, state (OPEN/CLOSED), stateReason, author {login}, \
            assignees [{login}], createdAt, updatedAt, closedAt (ISO-8601, UTC).
            """
    )

    @Option(help: "open, closed or all.")
    var state: StateFilter = .open

    @Option(help: "At most this many issues; 0 for all.")
    var limit: Int = IssueFilter.defaultLimit

    @Flag(help: "Print a JSON array instead of a table.")
    var json = false

    @OptionGroup var global: GlobalOptions

    func validate() throws {
        guard limit >= 0 else { throw ValidationError("--limit must be 0 (all) or a positive number") }
    }

    func run() async throws {
        let root = try await CompositionRoot.open(global)
        let filter = IssueFilter(state: state, limit: limit == 0 ? nil : limit)
        if let failure = await root.listIssues(filter, format: json ? .json : .table) { throw failure }
    }
}

extension CompositionRoot {
    /// The issue list screen, rendered once.
    @MainActor
    func listIssues(_ filter: IssueFilter, format: IssueListView.Format) async -> TrackerError? {
        let viewModel = IssueListViewModel(listIssues: ListIssues(issues: issues), filter: filter)
        await viewModel.send(.appear)
        if let failure = viewModel.output.failure { return failure }
        IssueListView(format: format).render(viewModel.output, to: StandardTerminal())
        return nil
    }
}
