import ArgumentParser
import LineFront
import TrackerCore
import TrackerUI

struct CreateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create",
        abstract: "Create an issue.",
        discussion: """
            Prints "Created issue #N" (web#N when the tracker has several projects), or the issue as JSON with \
            --json. At a terminal with no title, asks \
            for it and opens your editor for the body, as the new-issue screen does (gh prompts too); -e \
            writes the title (first line) and body in your editor.
            """
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

    @Option(name: [.customShort("m"), .long], help: "Put the issue in this milestone (its title or number).")
    var milestone: String?

    @Option(help: "P0, P1, P2 or P3 (most to least urgent), or none.")
    var priority: String?

    @Option(help: "The day it is due, YYYY-MM-DD (or none).")
    var due: String?

    @Option(help: "Create it as a sub-issue of this issue.")
    var parent: String?

    @Flag(
        name: [.customShort("e"), .customLong("editor")],
        help: "Write the title (first line) and the body in your editor ($VISUAL, $EDITOR, editor, nano, vi).")
    var usesEditor = false

    @OptionGroup var output: JSONOptions

    @OptionGroup var global: GlobalOptions

    /// A person at a terminal is asked for what is missing; a script must give it.
    private var atTerminal: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 }

    func validate() throws {
        let givesOthers =
            body != nil || bodyFile != nil || !assignees.isEmpty || !labels.isEmpty || milestone != nil
            || priority != nil || due != nil || parent != nil
        if title == nil && !recover && !usesEditor && (!atTerminal || givesOthers) {
            throw ValidationError(
                "give a title with -t/--title (or --recover a saved draft; at a terminal, tracker asks for it)")
        }
        if usesEditor && (recover || !atTerminal) {
            throw ValidationError("--editor opens your editor at a terminal, for a new issue (not with --recover)")
        }
        if recover
            && (title != nil || body != nil || bodyFile != nil || !assignees.isEmpty || !labels.isEmpty
                || milestone != nil || priority != nil || due != nil || parent != nil)
        {
            throw ValidationError("--recover takes the saved draft as it is; give no other fields")
        }
        if body != nil && bodyFile != nil {
            throw ValidationError("give either --body or --body-file, not both")
        }
    }

    func run() async throws {
        let format = try OutputFormat(json: output.json, fields: output.jsonFields)
        let environment = ProcessEnvironment.values
        let transform = try output.transform(environment: environment)
        var draft = SavedDraft(
            title: title ?? "", body: try bodyFile.map(InputText.read) ?? body ?? "", assignees: [],
            labels: ListArgument.items(labels),
            milestone: milestone)
        if usesEditor {
            draft = try Self.written(draft, environment: environment)
        } else if title == nil && !recover {
            return try await prompt(environment: environment)
        }
        if recover {
            guard let saved = try CompositionRoot.recoverDraft(environment: environment)() else {
                throw TrackerError.notFound("there is no saved draft to recover")
            }
            draft = saved
        }
        let names = ListArgument.items(recover ? draft.assignees : assignees)
        let labelNames = try draft.labels.map { try LabelName($0) }
        let milestoneTitle = try draft.milestone.map { try MilestoneTitle($0) }
        let plan = IssueCreatorViewModel.Input.plan(
            try priority.flatMap { text throws(TrackerError) in try Priority.parse(text, field: "--priority") },
            dueOn: try due.flatMap { text throws(TrackerError) in try DueDate.change(text).value },
            parent: try parent.map { try IssueNumber(parsing: $0) })
        // Checked before connecting, so bad input never waits on the database (@me is you, known once connected).
        _ = try IssueDraft(
            title: draft.title, body: draft.body,
            assignees: try names.filter { $0.lowercased() != "@me" }.map { try Login(typed: $0) })
        let root = try await CompositionRoot.open(global)
        try await create(
            draft, assignees: names, labels: labelNames, milestone: milestoneTitle, plan: plan, format: format,
            transform: transform, on: root)
    }

    /// `-e`: the title and body as the person writes them in their editor.
    private static func written(_ draft: SavedDraft, environment: [String: String]) throws -> SavedDraft {
        guard let editor = BodyEditor.make(environment: environment) else {
            throw ValidationError("no editor found: set $EDITOR (or `tracker config set editor vim`)")
        }
        guard let saved = editor(IssueText(title: draft.title, body: draft.body).text) else {
            throw TrackerError.invalidInput(field: "editor", rule: "the editor failed; nothing was created")
        }
        guard let text = IssueText(parsing: saved) else {
            throw TrackerError.invalidInput(field: "title", rule: "the editor left the text empty; nothing was created")
        }
        var written = draft
        written.title = text.title
        written.body = text.body
        return written
    }

    /// No title at a terminal: the new-issue screen asks for it, opens the editor for the body,
    /// offers assignees, labels and the milestone, and asks to confirm, as `n` does in `tracker`.
    @MainActor
    private func prompt(environment: [String: String]) async throws {
        let root = try await CompositionRoot.open(global)
        let author = try await root.actingUser().login
        switch await start(author: author, on: root) {
        case .created(let issue):
            let view = IssueCreatorView(format: try OutputFormat(json: output.json, fields: output.jsonFields))
            var created = IssueCreatorViewModel.Output()
            created.created = issue
            try JSONOutput.write(try output.transform(environment: environment), to: root.terminal) {
                view.render(created, to: $0)
            }
        case .cancelled:
            root.terminal.writeLine("Nothing was created.")
        case .notCreated(let error, _, let kept):
            throw kept == .saved ? error.noting("your draft is kept: `tracker create --recover` creates it") : error
        }
    }

    @MainActor
    private func start(author: Login, on root: CompositionRoot) async -> IssueCreatorCoordinator.Outcome {
        await root.screens(actor: author, permissions: .databaseDecides, on: root.terminal, editorFallback: true)
            .issueCreator().start()
    }

    /// The milestone as typed, read as a title or a number.
    private func draftMilestone(_ title: MilestoneTitle?, on root: CompositionRoot) async throws -> MilestoneTitle? {
        guard let title else { return nil }
        return try await root.names.milestoneTitle(title.value)
    }

    /// The new-issue screen, driven once from the command line.
    @MainActor
    private func create(
        _ draft: SavedDraft, assignees: [String], labels: [LabelName], milestone: MilestoneTitle?,
        plan: IssueCreatorViewModel.Input, format: OutputFormat, transform: JSONTransform?, on root: CompositionRoot
    ) async throws {
        let author = try await root.actingUser().login
        let logins = try await root.names.logins(assignees)
        let milestone = try await draftMilestone(milestone, on: root)
        // A recovered draft is forgotten once its issue exists; a typed one was never kept.
        let creator = root.issueCreator(author: author, discardsDraft: recover)
        let output = try await drive(
            creator,
            inputs: [
                .title(draft.title), .body(draft.body), .assignees(logins), .labels(labels), .milestone(milestone),
                plan, .confirm,
            ])
        try JSONOutput.write(transform, to: root.terminal) { IssueCreatorView(format: format).render(output, to: $0) }
    }
}
