import ArgumentParser
import Interchange
import LineFront
import TrackerCore
import TrackerUI

struct EditCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract:
            "Edit issues: the title and body of one, or the assignees, labels and milestone of several (all or nothing).",
        discussion: """
            With no fields, at a terminal, opens $VISUAL or $EDITOR on the title (first line), a blank line \
            and the body. If someone else edits the issue meanwhile, nothing is saved (exit 75) and your text \
            is kept: `tracker edit N --recover` applies it to the new version. Prints "Edited issue #N", or \
            the issue as JSON with --json (an array when several issues are named).
            """
    )

    @Argument(help: "The issue numbers (a title or body edits one issue at a time).")
    var numbers: [String] = []

    @Option(name: [.customShort("t"), .long], help: "A new one-line summary (1–256 characters).")
    var title: String?

    @Option(name: [.customShort("b"), .long], help: "A new description (at most 65,536 characters).")
    var body: String?

    @Option(
        name: [.customShort("F"), .customLong("body-file")],
        help: "Read the new description from a file, or - for standard input.")
    var bodyFile: String?

    @Option(
        name: .customLong("add-assignee"), parsing: .singleValue,
        help: "Assign these logins (comma-separated or repeated; @me is you).")
    var addAssignees: [String] = []

    @Option(
        name: .customLong("remove-assignee"), parsing: .singleValue,
        help: "Unassign these logins (comma-separated or repeated; @me is you).")
    var removeAssignees: [String] = []

    @Option(
        name: .customLong("add-label"), parsing: .singleValue, help: "Add these labels (comma-separated or repeated).")
    var addLabels: [String] = []

    @Option(
        name: .customLong("remove-label"), parsing: .singleValue,
        help: "Remove these labels (comma-separated or repeated).")
    var removeLabels: [String] = []

    @Option(name: [.customShort("m"), .long], help: "Put the issues in this milestone (its title or number).")
    var milestone: String?

    @Flag(help: "Take the issues out of their milestone.")
    var removeMilestone = false

    @Option(help: "P0, P1, P2 or P3 (most to least urgent), or none to clear it.")
    var priority: String?

    @Option(help: "The day they are due, YYYY-MM-DD, or none to clear it.")
    var due: String?

    @Option(help: "Make them sub-issues of this issue.")
    var parent: String?

    @Flag(help: "Make them top issues again (no parent).")
    var noParent = false

    @Option(
        name: .customLong("blocked-by"), parsing: .singleValue,
        help: "Issues that block them (comma-separated or repeated).")
    var addBlockers: [String] = []

    @Option(
        name: .customLong("remove-blocked-by"), parsing: .singleValue,
        help: "Issues that no longer block them (comma-separated or repeated).")
    var removeBlockers: [String] = []

    @Flag(
        name: [.customShort("e"), .customLong("editor")],
        help: "Edit the title and body in $VISUAL or $EDITOR (what happens at a terminal when no fields are given).")
    var usesEditor = false

    @Flag(help: "Apply the text an earlier edit of this issue could not save (after the editor, at a terminal).")
    var recover = false

    @OptionGroup var output: JSONOptions

    @OptionGroup var global: GlobalOptions

    private var givesText: Bool { title != nil || body != nil || bodyFile != nil }
    private var givesFields: Bool {
        givesText || !addAssignees.isEmpty || !removeAssignees.isEmpty || !addLabels.isEmpty || !removeLabels.isEmpty
            || milestone != nil || removeMilestone || priority != nil || due != nil || parent != nil || noParent
            || !addBlockers.isEmpty || !removeBlockers.isEmpty
    }

    func validate() throws {
        if numbers.isEmpty { throw ValidationError("name the issue to edit, e.g. `tracker edit 12 --title …`") }
        if body != nil && bodyFile != nil { throw ValidationError("give either --body or --body-file, not both") }
        if milestone != nil && removeMilestone {
            throw ValidationError("give --milestone or --remove-milestone, not both")
        }
        if parent != nil && noParent { throw ValidationError("give --parent or --no-parent, not both") }
        if recover && givesFields { throw ValidationError("--recover applies the kept text as it is; give no fields") }
        if usesEditor && (givesFields || recover) {
            throw ValidationError("--editor edits the title and body as they are; give no fields and no --recover")
        }
        if (recover || !givesFields) && numbers.count > 1 {
            throw ValidationError("the title and body are edited one issue at a time; give one issue number")
        }
    }

    func run() async throws {
        let numbers = try numbers.map { try IssueReference.number($0) }
        let format = try OutputFormat(json: output.json, fields: output.jsonFields)
        let environment = ProcessEnvironment.values
        let transform = try output.transform(environment: environment)
        let editor = BodyEditor.make(environment: environment)
        if !givesFields && !recover && editor == nil {
            throw ValidationError(
                "give --title, --body, --body-file, --add-assignee, --remove-assignee, --add-label, --remove-label, "
                    + "--milestone, --remove-milestone, --priority, --due, --parent, --no-parent, --blocked-by or "
                    + "--remove-blocked-by (the title and body open in $VISUAL or $EDITOR only at a terminal)"
            )
        }
        // The text, names and titles are checked before connecting, so bad input never waits on the database.
        let text = try IssueEdit(
            title: title, body: try bodyFile.map(InputText.read) ?? body,
            addLabels: try ListArgument.items(addLabels).map { try LabelName($0) },
            removeLabels: try ListArgument.items(removeLabels).map { try LabelName($0) },
            milestone: try milestone.map { .set(try MilestoneTitle($0)) } ?? (removeMilestone ? .remove : nil),
            priority: try priority.map { text throws(TrackerError) in
                try Priority.parse(text, field: "--priority").map(PlanChange.set) ?? .clear
            },
            due: try due.map { text throws(TrackerError) in try DueDate.change(text) },
            parent: try parent.map { .set(try IssueNumber(parsing: $0)) } ?? (noParent ? .clear : nil),
            addBlockers: try ListArgument.items(addBlockers).map { try IssueNumber(parsing: $0) },
            removeBlockers: try ListArgument.items(removeBlockers).map { try IssueNumber(parsing: $0) })
        let root = try await CompositionRoot.open(global)
        if givesFields {
            try await edit(numbers, text, format: format, transform: transform, on: root)
        } else {
            try await editText(of: numbers[0], in: editor, format: format, transform: transform, on: root)
        }
    }

    /// The fields given, on every issue named, as one change.
    @MainActor
    private func edit(
        _ numbers: [IssueNumber], _ text: IssueEdit, format: OutputFormat, transform: JSONTransform?,
        on root: CompositionRoot
    )
        async throws
    {
        let actor = try await root.actingUser().login
        let edit = try IssueEdit(
            title: text.title, body: text.body,
            addAssignees: try await root.names.logins(ListArgument.items(addAssignees)),
            removeAssignees: try await root.names.logins(ListArgument.items(removeAssignees)),
            addLabels: text.addLabels,
            removeLabels: text.removeLabels, milestone: try await Self.resolved(text.milestone, on: root),
            priority: text.priority, due: text.due, parent: text.parent, addBlockers: text.addBlockers,
            removeBlockers: text.removeBlockers)
        let output = try await drive(root.issueEdits(actor: actor), inputs: [.edit(numbers, edit)])
        try JSONOutput.write(transform, to: root.terminal) {
            IssueEditNoticeView(format: format).render(edited: output.edited, several: numbers.count > 1, to: $0)
        }
    }

    /// `--milestone` read as a title or a number.
    private static func resolved(
        _ change: IssueEdit.MilestoneEdit?, on root: CompositionRoot
    ) async throws -> IssueEdit.MilestoneEdit? {
        guard case .set(let title)? = change else { return change }
        return .set(try await root.names.milestoneTitle(title.value))
    }

    /// The title and body in the person's editor (or, recovering with no editor, the kept text as it is).
    @MainActor
    private func editText(
        of number: IssueNumber, in editor: BodyEditing?, format: OutputFormat, transform: JSONTransform?,
        on root: CompositionRoot
    ) async throws {
        let actor = try await root.actingUser().login
        let editing = root.issueTextEditing(number, actor: actor)
        let text = try await drive(editing, inputs: [recover ? .recover : .read]).text
        let written: IssueTextEditingViewModel.Input = editor.map { .written($0(text.text)) } ?? .saveAsIs
        let view = IssueEditNoticeView(format: format)
        let output: IssueTextEditingViewModel.Output
        do {
            output = try await drive(editing, inputs: [written])
        } catch TrackerError.editConflict(let conflict) {
            output = try await merge(conflict, in: editing)
        }
        let result = output.result
        try JSONOutput.write(transform, to: root.terminal) { terminal in
            switch result {
            case .edited(let issue): view.render(edited: [issue], several: false, to: terminal)
            case .unchanged(let issue): view.render(unchanged: issue, to: terminal)
            case nil: break
            }
        }
    }

    /// Someone saved meanwhile: at a terminal, their change is shown and the person may merge
    /// (asked only about what both changed); elsewhere, or answering no, the conflict stands
    /// (exit 75, the text kept for `--recover`).
    @MainActor
    private func merge(
        _ conflict: EditConflict, in editing: IssueTextEditingViewModel
    ) async throws -> IssueTextEditingViewModel.Output {
        var conflict = conflict
        while let merge = editing.output.merge, isatty(STDIN_FILENO) == 1 {
            let terminal = Console.terminal
            MergeQuestions.renderTheirChange(conflict, to: terminal)
            guard MergeQuestions.agreesToMerge(on: terminal),
                let choices = merge.isClean ? EditMerge.Choices() : MergeQuestions.ask(merge, on: terminal)
            else { break }
            do {
                return try await drive(editing, inputs: [.merge(choices)])
            } catch TrackerError.editConflict(let again) {
                conflict = again
            }
        }
        throw TrackerError.editConflict(conflict)
    }
}
