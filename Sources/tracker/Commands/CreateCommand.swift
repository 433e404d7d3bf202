import ArgumentParser
import Foundation
import TrackerCore
import TrackerUI

struct CreateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create",
        abstract: "Create an issue.",
        discussion: "Prints \"Created issue #N\", or the issue as JSON with --json."
    )

    @Option(help: "A one-line summary (1–256 characters).")
    var title: String

    @Option(help: "The description (at most 65,536 characters).")
    var body: String?

    @Option(name: .customLong("body-file"), help: "Read the description from a file, or - for standard input.")
    var bodyFile: String?

    @Option(
        name: .customLong("assignee"), parsing: .singleValue,
        help: "Assign these logins (comma-separated or repeated).")
    var assignees: [String] = []

    @Flag(help: "Print the created issue as JSON.")
    var json = false

    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if body != nil && bodyFile != nil {
            throw ValidationError("give either --body or --body-file, not both")
        }
    }

    func run() async throws {
        let text = try bodyFile.map(InputText.read) ?? body ?? ""
        let logins = try assignees.flatMap { $0.split(separator: ",") }
            .map { try Login($0.trimmingCharacters(in: .whitespaces)) }
        // Checked before connecting, so bad input never waits on the database.
        _ = try IssueDraft(title: title, body: text, assignees: logins)
        let root = try await CompositionRoot.open(global)
        let author = try await root.actingUser()
        let failure = await root.createIssue(
            title: title, body: text, assignees: logins, author: author.login, format: json ? .json : .table)
        if let failure { throw failure }
    }
}

extension CompositionRoot {
    /// The new-issue screen, driven once from the command line.
    @MainActor
    func createIssue(
        title: String, body: String, assignees: [Login], author: Login, format: OutputFormat
    ) async -> TrackerError? {
        let viewModel = IssueCreatorViewModel(createIssue: CreateIssue(issues: issues, users: users), author: author)
        await viewModel.send(.title(title))
        await viewModel.send(.body(body))
        await viewModel.send(.assignees(assignees))
        await viewModel.send(.confirm)
        if let problem = viewModel.output.problem { return problem }
        IssueCreatorView(format: format).render(viewModel.output, to: StandardTerminal())
        return nil
    }
}
