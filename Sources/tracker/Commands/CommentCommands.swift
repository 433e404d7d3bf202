import ArgumentParser
import Interchange
import LineFront
import TrackerCore
import TrackerUI

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

struct CommentCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "comment",
        abstract: "Comment on an issue; edit or delete your own comments.",
        discussion: """
            tracker comment 12 --body "…" · tracker comment edit 5 --body "…" · tracker comment delete 5. \
            Comments show with `tracker show N --comments`.
            """,
        subcommands: [AddCommentCommand.self, EditCommentCommand.self, DeleteCommentCommand.self],
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

    @Flag(help: "Print the comment as JSON (id, author, body, createdAt, updatedAt; --json FIELDS: only those).")
    var json = false

    @Option(name: .customLong("json-fields"), help: .hidden)
    var jsonFields: String?

    /// `--json FIELDS`, read before anything is written.
    func fields() throws -> JSONFieldList? {
        try JSONFieldList.selection(jsonFields, available: JSONFieldList.comment)
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
        let number = try IssueNumber(parsing: number)
        let fields = try text.fields()
        let environment = ProcessInfo.processInfo.environment
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
        let author = try await root.actingUser().login
        if let editor {
            _ = try await root.showIssue(number)  // a missing issue is said before anything is written
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
        let comment: Comment
        do {
            comment = try await root.commentOnIssue(number, body: body ?? "", author: author)
        } catch let error as TrackerError {
            guard (try? drafts.load(.comment(number))) != nil else { throw error }
            throw error.noting(recoverHint)
        }
        await CommentNoticeView(format: text.json ? .json : .table, fields: fields).render(
            comment, .added, to: root.terminal)
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
        var body = try text.typed()
        let editor = body == nil ? try text.editor(environment: ProcessInfo.processInfo.environment) : nil
        if let body { _ = try Comment.validBody(body) }
        let root = try await CompositionRoot.open(global)
        let actor = try await root.actingUser().login
        let view = await CommentNoticeView(format: text.json ? .json : .table, fields: fields)
        if let editor {
            let comment = try await root.showComment.toChange(id, actor: actor)
            guard let saved = editor(comment.body) else { throw CommentBodyOptions.editorFailed }
            let written = CommentBodyOptions.written(saved, from: comment.body)
            guard written != comment.body else { return await view.render(comment, .unchanged, to: root.terminal) }
            body = written
        }
        let comment = try await root.editComment(id, body: body ?? "", actor: actor)
        await view.render(comment, .edited, to: root.terminal)
    }
}

struct DeleteCommentCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Delete one of your comments (the timeline keeps a line saying so).")

    @Argument(help: "The comment id (see `tracker show N --comments`).")
    var id: String

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let id = try CommentID(parsing: id)
        let root = try await CompositionRoot.open(global)
        let actor = try await root.actingUser().login
        let comment = try await root.deleteComment(id, actor: actor)
        await CommentNoticeView(format: .table).render(comment, .deleted, to: root.terminal)
    }
}
