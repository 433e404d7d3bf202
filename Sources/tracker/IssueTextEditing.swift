import TrackerCore
import TrackerUI

/// `tracker edit N` with no fields, and `tracker edit N --recover`: the title and body through the
/// person's editor (when there is one), saved only if nobody else changed them since they were
/// read. Text that cannot be saved is kept in the issue's edit draft.
struct IssueTextEditing {
    enum Outcome {
        case edited(Issue)
        case unchanged(Issue)
    }

    let number: IssueNumber
    let actor: Login
    let showIssue: ShowIssue
    let editIssues: EditIssues
    let drafts: any DraftRepository
    /// `$VISUAL`/`$EDITOR` on a terminal; nil when there is none (then `recover` applies the draft as kept).
    let editor: (@Sendable (String) -> String?)?

    private var recoverHint: String { "`tracker edit \(number.value) --recover`" }

    /// Opens the editor on the issue as it is now and saves what comes back against that version.
    func editInEditor() async throws -> Outcome {
        guard let editor else { throw Self.editorFailed(kept: nil) }
        let issue = try await showIssue(number).issue
        let original = IssueText(title: issue.title, body: issue.body).text
        guard let saved = editor(original) else { throw Self.editorFailed(kept: nil) }
        // An unchanged or emptied file (git's way to give up) changes nothing.
        guard saved != original, let text = IssueText(parsing: saved) else { return .unchanged(issue) }
        return try await save((text.title, text.body), over: issue)
    }

    /// Applies the kept draft to the issue as it is now, only the parts the person changed (a
    /// teammate's change to the others stands): on a terminal with an editor, after the person
    /// has seen (and perhaps changed) the result in the editor.
    func recover() async throws -> Outcome {
        guard let draft = try drafts.load(.edit(number)) else {
            throw TrackerError.notFound(
                "there is no kept edit of issue #\(number.value) to recover (a failed `tracker edit \(number.value)` keeps one)"
            )
        }
        let issue = try await showIssue(number).issue
        var text = draft.applied(toTitle: issue.title, body: issue.body)
        if let editor {
            guard let saved = editor(IssueText(title: text.title, body: text.body).text),
                let edited = IssueText(parsing: saved)
            else {
                throw Self.editorFailed(kept: recoverHint)
            }
            text = (edited.title, edited.body)
        }
        return try await save(text, over: issue)
    }

    /// Saves the parts that differ from the issue as read; text that breaks a rule or fails to
    /// save is kept.
    private func save(_ text: (title: String, body: String), over issue: Issue) async throws -> Outcome {
        let read = ReadVersion(issue)
        let edit: IssueEdit
        do {
            guard !text.title.trimmed.isEmpty else {
                throw TrackerError.invalidInput(
                    field: "title",
                    rule: "the first line is empty; the title goes there, then a blank line, then the body")
            }
            let title = try IssueDraft.validTitle(text.title)
            let body = try IssueDraft.validBody(text.body)
            edit = try IssueEdit(
                title: title == read.title ? nil : title,
                body: IssueText.isUnchanged(body: body, from: read.body) ? nil : body)
        } catch let error as TrackerError {
            try? drafts.save(SavedDraft.edit(title: text.title, body: text.body, from: read), in: .edit(number))
            throw error.noting("your text is kept: \(recoverHint) opens it again")
        }
        guard !edit.isEmpty else {
            try? drafts.discard(.edit(number))
            return .unchanged(issue)
        }
        do {
            return .edited(try await editIssues([number], edit, read: read, actor: actor)[0])
        } catch let error as TrackerError {
            // A conflict says itself that the text is kept; another failure says so here.
            if case .editConflict = error { throw error }
            guard (try? drafts.load(.edit(number))) != nil else { throw error }
            throw error.noting("your text is kept: \(recoverHint) applies it")
        }
    }

    private static func editorFailed(kept hint: String?) -> TrackerError {
        .invalidInput(
            field: "editor",
            rule: "it exited with an error or its file could not be read back; nothing was changed"
                + (hint.map { " and the kept text is still there for \($0)" } ?? ""))
    }
}
