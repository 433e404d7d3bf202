import ArgumentParser
import LineFront
import TrackerCore
import TrackerUI

struct CreateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create",
        abstract: "Create an issue.",
        discussion: "Prints \"Created issue #N\", or the issue as JSON with --json."
    )

    @Option(name: [.customShort("t"), .long], help: "A one-line summary (1–256 characters).")
    var title: String?

    @Flag(help: "Create the issue from the draft an earlier session could not save.")
    var recover = false

    @Option(name: [.customShort("b"), .long], help: "The description (at most 65,536 characters).")
    var body: String?

    @Option(
        name: [.customShort("F"), .customLong("body-file")],
        help: "Read the description from a file, or - for standard input.")
    var bodyFile: String?

    @Option(
        name: [.customShort("a"), .customLong("assignee")], parsing: .singleValue,
        help: "Assign these logins (comma-separated or repeated).")
    var assignees: [String] = []

    @Option(
        name: [.customShort("l"), .customLong("label")], parsing: .singleValue,
        help: "Add these labels (comma-separated or repeated).")
    var labels: [String] = []

    @Option(name: [.customShort("m"), .long], help: "Put the issue in this milestone (by title).")
    var milestone: String?

    @OptionGroup var output: JSONOptions

    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if title == nil && !recover {
            throw ValidationError(
                "give a title with -t/--title (or --recover a saved draft; plain `tracker` opens the interactive screens)"
            )
        }
        if recover
            && (title != nil || body != nil || bodyFile != nil || !assignees.isEmpty || !labels.isEmpty
                || milestone != nil)
        {
            throw ValidationError("--recover takes the saved draft as it is; give no other fields")
        }
        if body != nil && bodyFile != nil {
            throw ValidationError("give either --body or --body-file, not both")
        }
    }

    func run() async throws {
        let format = try OutputFormat(json: output.json, fields: output.jsonFields)
        let environment = ProcessInfo.processInfo.environment
        let transform = try output.transform(environment: environment)
        var draft = SavedDraft(
            title: title ?? "", body: try bodyFile.map(InputText.read) ?? body ?? "", assignees: [],
            labels: ListArgument.items(labels),
            milestone: milestone)
        if recover {
            guard let saved = try CompositionRoot.recoverDraft(environment: environment)() else {
                throw TrackerError.notFound("there is no saved draft to recover")
            }
            draft = saved
        }
        let names = ListArgument.items(recover ? draft.assignees : assignees)
        let labelNames = try draft.labels.map { try LabelName($0) }
        let milestoneTitle = try draft.milestone.map { try MilestoneTitle($0) }
        // Checked before connecting, so bad input never waits on the database (@me is you, known once connected).
        _ = try IssueDraft(
            title: draft.title, body: draft.body, assignees: try names.filter { $0.lowercased() != "@me" }.map { try Login(typed: $0) })
        let root = try await CompositionRoot.open(global)
        try await create(
            draft, assignees: names, labels: labelNames, milestone: milestoneTitle, format: format, transform: transform,
            on: root)
    }

    /// The new-issue screen, driven once from the command line.
    @MainActor
    private func create(
        _ draft: SavedDraft, assignees: [String], labels: [LabelName], milestone: MilestoneTitle?,
        format: OutputFormat, transform: JSONTransform?, on root: CompositionRoot
    ) async throws {
        let author = try await root.actingUser().login
        let logins = try await root.names.logins(assignees)
        // A recovered draft is forgotten once its issue exists; a typed one was never kept.
        let creator = root.issueCreator(author: author, discardsDraft: recover)
        let output = try await drive(
            creator,
            inputs: [
                .title(draft.title), .body(draft.body), .assignees(logins), .labels(labels), .milestone(milestone),
                .confirm,
            ])
        try JSONOutput.write(transform, to: root.terminal) { IssueCreatorView(format: format).render(output, to: $0) }
    }
}
