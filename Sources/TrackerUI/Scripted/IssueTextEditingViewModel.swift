import TrackerCore

/// `tracker edit N` with no fields (the title and body through the person's editor) and
/// `tracker edit N --recover` (the text an earlier edit could not save, only the parts the person
/// changed, applied to the issue as it is now): saved only if nobody else changed the issue since
/// it was read. Text that cannot be saved is kept in the issue's edit draft.
@MainActor
public final class IssueTextEditingViewModel: ViewModel {
    public enum Input: Equatable, Sendable {
        /// Read the issue: its text is what the editor opens on.
        case read
        /// Read the kept draft and the issue: the draft applied to it is what the editor opens on.
        case recover
        /// What the editor saved; nil when it failed or its file could not be read back.
        case written(String?)
        /// Save the text as it is (a recovered draft, with no editor to look at it in).
        case saveAsIs
        /// After a conflict: save the person's text merged with the one saved meanwhile, as chosen.
        case merge(EditMerge.Choices)
    }

    public enum Result: Equatable, Sendable {
        case edited(Issue)
        /// Nothing to save: the issue as it is.
        case unchanged(Issue)
    }

    public struct Output: Equatable, ViewOutput {
        public var issue: Issue?
        /// What the editor opens on.
        public var text = IssueText(title: "", body: "")
        public var result: Result?
        public var failure: TrackerError?
        /// After a conflict: the person's text against the one saved meanwhile.
        public var merge: EditMerge?
    }

    public struct UseCases: Sendable {
        let show: ShowIssue
        let edit: EditIssues
        let recoverDraft: RecoverDraft
        let saveDraft: SaveDraft
        let discardDraft: DiscardDraft

        public init(
            show: ShowIssue, edit: EditIssues, recoverDraft: RecoverDraft, saveDraft: SaveDraft,
            discardDraft: DiscardDraft
        ) {
            self.show = show
            self.edit = edit
            self.recoverDraft = recoverDraft
            self.saveDraft = saveDraft
            self.discardDraft = discardDraft
        }
    }

    public private(set) var output = Output()
    private let number: IssueNumber
    private let actor: Login
    private let useCases: UseCases
    private var recovering = false

    public init(number: IssueNumber, actor: Login, useCases: UseCases) {
        self.number = number
        self.actor = actor
        self.useCases = useCases
    }

    private var recoverHint: String { "`tracker edit \(number.value) --recover`" }

    @discardableResult
    public func send(_ input: Input) async -> Never? {
        output.failure = nil
        do {
            try await handle(input)
        } catch {
            output.failure = TrackerError(wrapping: error)
        }
        return nil
    }

    private func handle(_ input: Input) async throws {
        switch input {
        case .read:
            let issue = try await useCases.show(number).issue
            output.issue = issue
            output.text = IssueText(title: issue.title, body: issue.body)
        case .recover:
            recovering = true
            guard let draft = try useCases.recoverDraft(.edit(number)) else {
                throw TrackerError.notFound(
                    "there is no kept edit of issue #\(number.value) to recover "
                        + "(a failed `tracker edit \(number.value)` keeps one)")
            }
            let issue = try await useCases.show(number).issue
            output.issue = issue
            let text = draft.applied(toTitle: issue.title, body: issue.body)
            output.text = IssueText(title: text.title, body: text.body)
        case .written(let saved):
            guard let saved, let issue = output.issue else { throw editorFailed }
            // Opening an edit: an unchanged or emptied file (git's way to give up) changes nothing.
            guard let text = IssueText(parsing: saved), recovering || saved != output.text.text else {
                if recovering { throw editorFailed }
                output.result = .unchanged(issue)
                return
            }
            try await save(text, over: issue)
        case .saveAsIs:
            guard let issue = output.issue else { return }
            try await save(output.text, over: issue)
        case .merge(let choices):
            guard let merge = output.merge else { return }
            try await save(merge, choices)
        }
    }

    /// The merged text over the version saved meanwhile; what the person typed first when a
    /// choice drops some of it, so the history keeps it.
    private func save(_ merge: EditMerge, _ choices: EditMerge.Choices) async throws {
        let (text, drops) = merge.resolved(choices)
        let current = merge.conflict.current
        output.merge = nil
        output.issue = current
        let edit = try IssueEdit.saving(
            text, over: TypedText(title: current.title, body: current.body), typedFirst: drops ? merge.typed : nil)
        guard edit.changesText else {
            try? useCases.discardDraft(.edit(number))
            output.result = .unchanged(current)
            return
        }
        do {
            output.result = .edited(
                try await useCases.edit([number], edit, read: ReadVersion(current), actor: actor)[0])
        } catch TrackerError.editConflict(let conflict) {
            output.merge = EditMerge(conflict, typed: merge.typed)
            throw TrackerError.editConflict(conflict)
        }
    }

    /// Saves the parts that differ from the issue as read; text that breaks a rule or fails to
    /// save is kept.
    private func save(_ text: IssueText, over issue: Issue) async throws {
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
            try? useCases.saveDraft(SavedDraft.edit(title: text.title, body: text.body, from: read), in: .edit(number))
            throw error.noting("your text is kept: \(recoverHint) opens it again")
        }
        guard !edit.isEmpty else {
            try? useCases.discardDraft(.edit(number))
            output.result = .unchanged(issue)
            return
        }
        do {
            output.result = .edited(try await useCases.edit([number], edit, read: read, actor: actor)[0])
        } catch let error as TrackerError {
            // A conflict says itself that the text is kept; another failure says so here.
            if case .editConflict(let conflict) = error {
                output.merge = EditMerge(
                    conflict, typed: TypedText(title: edit.title ?? read.title, body: edit.body ?? read.body))
                throw error
            }
            guard (try? useCases.recoverDraft(.edit(number))) != nil else { throw error }
            throw error.noting("your text is kept: \(recoverHint) applies it")
        }
    }

    private var editorFailed: TrackerError {
        .invalidInput(
            field: "editor",
            rule: "it exited with an error or its file could not be read back; nothing was changed"
                + (recovering ? " and the kept text is still there for \(recoverHint)" : ""))
    }
}
