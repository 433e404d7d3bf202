import ArgumentParser
import Interchange
import LineFront
import TrackerCore
import TrackerUI

struct CommentCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "comment",
        abstract: "Comment on an issue; edit or delete your own comments.",
        discussion: """
            tracker comment 12 --body "…" · tracker comment edit 5 --body "…" · tracker comment delete 5. \
            Comments show with `tracker show N --comments`.
            """,
        subcommands: [
            AddCommentCommand.self, EditCommentCommand.self, DeleteCommentCommand.self, RestoreCommentCommand.self,
            CommentHistoryCommand.self,
        ],
        defaultSubcommand: AddCommentCommand.self
    )
}

/// The text of a comment: given by flag or file, else written in the person's editor.
struct CommentBodyOptions: ParsableArguments {
    @Option(name: [.customShort("b"), .long], help: "The text (at most 65,536 characters).")
    var body: String?

    @Option(
        name: [.customShort("F"), .customLong("body-file")], help: "Read the text from a file, or - for standard input."
    )
    var bodyFile: String?

    @Flag(
        name: [.customShort("e"), .customLong("editor")],
        help: "Write the text in $VISUAL or $EDITOR (what happens at a terminal when no text is given).")
    var usesEditor = false

    /// `--json` prints id, author, body, createdAt, updatedAt.
    @OptionGroup var output: JSONOptions

    var json: Bool { output.json }

    /// `--json FIELDS`, read before anything is written.
    func fields() throws -> JSONFieldList? {
        try output.fields(available: JSONFieldList.comment)
    }

    var given: Bool { body != nil || bodyFile != nil }

    func validate() throws {
        if body != nil && bodyFile != nil { throw ValidationError("give either --body or --body-file, not both") }
        if usesEditor && given { throw ValidationError("give --editor or the text (--body, --body-file), not both") }
    }

    /// The text from --body or --body-file; nil when neither was given.
    func typed() throws -> String? {
        try bodyFile.map(InputText.read) ?? body
    }

    /// `$VISUAL`/`$EDITOR` at a terminal, or the usage error that says what to give instead.
    func editor(environment: [String: String]) throws -> @Sendable (String) -> String? {
        guard let editor = BodyEditor.make(environment: environment) else {
            throw ValidationError(
                "give --body or --body-file (the text opens in $VISUAL or $EDITOR only at a terminal)")
        }
        return editor
    }

    /// What the editor saved, without the line break it adds at the end of the file when the
    /// text it was given had none.
    static func written(_ saved: String, from original: String) -> String {
        saved.hasSuffix("\n") && !original.hasSuffix("\n") ? String(saved.dropLast()) : saved
    }

    static let editorFailed = TrackerError.invalidInput(
        field: "editor", rule: "it exited with an error or its file could not be read back; nothing was changed")
}

struct AddCommentCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Comment on an issue (the default: `tracker comment 12 --body …`).",
        discussion: """
            With no text at a terminal, opens $VISUAL or $EDITOR. A comment that cannot be posted is kept: \
            `tracker comment N --recover` posts it. Prints "Commented on issue #N (comment ID)".
            """
    )

    @Argument(help: "The issue number.")
    var number: String

    @OptionGroup var text: CommentBodyOptions

    @Flag(help: "Post the comment an earlier `tracker comment N` could not.")
    var recover = false

    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if recover && (text.given || text.usesEditor) {
            throw ValidationError("--recover posts the kept comment as it is; give no text")
        }
    }

    func run() async throws {
        let number = try IssueReference.number(number)
        let fields = try text.fields()
        let environment = ProcessEnvironment.values
        let drafts = FileDraftRepository(environment: environment)
        let recoverHint = "your comment is kept: `tracker comment \(number.value) --recover` posts it"
        var body = try text.typed()
        let editor = body == nil && !recover ? try text.editor(environment: environment) : nil
        if recover {
            guard let draft = try drafts.load(.comment(number)) else {
                throw TrackerError.notFound("there is no kept comment on issue #\(number.value) to post")
            }
            body = draft.body
        }
        // Typed text is checked before connecting, so bad input never waits on the database.
        if let body { _ = try Comment.validBody(body) }
        let root = try await CompositionRoot.open(global)
        try await post(
            on: number, body, writtenIn: editor, keepingIn: drafts, hint: recoverHint, fields: fields, on: root)
    }

    /// The comment composer, driven once: the text given, or written in the person's editor once
    /// the issue is known to exist; text that breaks the rules or cannot be posted is kept.
    @MainActor
    private func post(
        on number: IssueNumber, _ given: String?, writtenIn editor: BodyEditing?, keepingIn drafts: any DraftRepository,
        hint recoverHint: String, fields: JSONFieldList?, on root: CompositionRoot
    ) async throws {
        let author = try await root.actingUser().login
        var body = given
        if let editor {
            // A missing issue is said before anything is written.
            try await drive(root.issueDetail(number), inputs: [.appear])
            guard let saved = editor("") else { throw CommentBodyOptions.editorFailed }
            let written = CommentBodyOptions.written(saved, from: "")
            do {
                body = try Comment.validBody(written)
            } catch {
                guard !written.trimmed.isEmpty else { throw error }
                try? drafts.save(SavedDraft(title: "", body: written, assignees: []), in: .comment(number))
                throw error.noting(recoverHint)
            }
        }
        let composer = root.commentComposer(number, author: author)
        do {
            let output = try await drive(composer, inputs: [.text(body ?? ""), .post])
            guard let comment = output.posted else { return }
            try JSONOutput.write(try text.output.transform(environment: root.environment), to: root.terminal) {
                CommentNoticeView(format: text.json ? .json : .table, fields: fields).render(comment, .added, to: $0)
            }
        } catch let error as TrackerError {
            guard composer.output.kept else { throw error }
            throw error.noting(recoverHint)
        }
    }
}

struct EditCommentCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Change the text of one of your comments.",
        discussion: "With no text at a terminal, opens the comment in $VISUAL or $EDITOR."
    )

    @Argument(help: "The comment id (see `tracker show N --comments`).")
    var id: String

    @OptionGroup var text: CommentBodyOptions

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let id = try CommentID(parsing: id)
        let fields = try text.fields()
        let body = try text.typed()
        let editor = body == nil ? try text.editor(environment: ProcessEnvironment.values) : nil
        if let body { _ = try Comment.validBody(body) }
        let root = try await CompositionRoot.open(global)
        try await edit(id, body, writtenIn: editor, fields: fields, on: root)
    }

    /// One comment, driven once: its new text given, or written in the person's editor over the
    /// text it has (only its author may).
    @MainActor
    private func edit(
        _ id: CommentID, _ given: String?, writtenIn editor: BodyEditing?, fields: JSONFieldList?,
        on root: CompositionRoot
    )
        async throws
    {
        let actor = try await root.actingUser().login
        let comment = root.comment(id, actor: actor)
        var body = given ?? ""
        if let editor, let read = try await drive(comment, inputs: [.readToEdit]).comment {
            guard let saved = editor(read.body) else { throw CommentBodyOptions.editorFailed }
            body = CommentBodyOptions.written(saved, from: read.body)
        }
        let output = try await drive(comment, inputs: [.edit(body)])
        guard let edited = output.comment, let change = output.change else { return }
        try JSONOutput.write(try text.output.transform(environment: root.environment), to: root.terminal) {
            CommentNoticeView(format: text.json ? .json : .table, fields: fields).render(edited, change, to: $0)
        }
    }
}

struct DeleteCommentCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Delete one of your comments (to the trash: `tracker comment restore ID` brings it back).")

    @Argument(help: "The comment id (see `tracker show N --comments`).")
    var id: String

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let id = try CommentID(parsing: id)
        let root = try await CompositionRoot.open(global)
        try await delete(id, on: root)
    }

    @MainActor
    private func delete(_ id: CommentID, on root: CompositionRoot) async throws {
        let actor = try await root.actingUser().login
        let output = try await drive(root.comment(id, actor: actor), inputs: [.delete])
        guard let comment = output.comment else { return }
        CommentNoticeView(format: .table).render(comment, .deleted, to: root.terminal)
    }
}

struct RestoreCommentCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore", abstract: "Bring a deleted comment back (see `tracker trash list`).")

    @Argument(help: "The comment id.")
    var id: String

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let id = try CommentID(parsing: id)
        let root = try await CompositionRoot.open(global)
        try await TrashChanges.run(.restoreComment(id), on: root)
    }
}

struct CommentHistoryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history", abstract: "Every version of a comment's text: who wrote each, and when.")

    @Argument(help: "The comment id.")
    var id: String

    @OptionGroup var output: JSONOptions

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let id = try CommentID(parsing: id)
        let fields = try output.fields(available: JSONFieldList.version)
        let transform = try output.transform(environment: ProcessEnvironment.values)
        let root = try await CompositionRoot.open(global, schema: .read)
        try await HistoryListing.show(
            .comment(id), of: "comment \(id)", json: output.json, fields: fields, transform: transform, on: root)
    }
}
