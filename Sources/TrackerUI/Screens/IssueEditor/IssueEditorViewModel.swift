import TrackerCore

/// The edit of one issue's title and body: the version the person read, their text as written
/// so far, which part is asked for next, and what saving it did. Saving is checked against the
/// version read (`EditIssues` with `read:`), so an edit someone else made meanwhile is never
/// overwritten unseen; on a conflict the person's text is kept as a draft by the use case, and
/// merging it with the new version keeps both people's lines where they changed different ones,
/// asking only about lines both changed.
@MainActor
public final class IssueEditorViewModel: ViewModel {
    /// What the screen asks for next.
    public enum Step: Equatable, Sendable {
        /// The title (or the whole text at once), then the body.
        case title, body
        /// The text is complete: save it.
        case ready
        /// Someone else saved first: merge the text with the new version, or keep it as a draft.
        case conflict(EditConflict)
        /// Merging: both changed some lines (or the title) differently; the person chooses.
        case resolve(EditMerge)
        /// Reloaded after a conflict: the text over the new version, to look at before saving
        /// (a front that cannot show it saves at once).
        case review
    }

    public enum Input: Equatable, Sendable {
        /// Read the issue: its title, body and version.
        case appear
        /// The whole text at once (from the person's editor); checked at once.
        case text(IssueText)
        /// The title as written; an empty one keeps the current title.
        case title(String)
        /// The body as written; nil keeps the current body.
        case body(String?)
        /// Save the text against the version read.
        case save
        /// After a conflict: read the issue again and merge the person's text with it (a three-way
        /// merge from the version they read); what both changed differently is asked (`.resolve`).
        case reload
        /// The person's choices where both changed the text differently.
        case resolve(EditMerge.Choices)
        case cancel
    }

    public enum Route: Equatable, Sendable {
        case cancelled
    }

    /// What the last save did.
    public enum Result: Equatable, Sendable {
        case saved(Issue)
        /// The text is the text read: nothing was written.
        case unchanged
        /// Someone else changed the issue since it was read; nothing was saved, the text is kept.
        case conflict(EditConflict)
        /// Not saved for another reason; `kept` when the text is in the issue's edit draft.
        case failed(TrackerError, kept: Bool)
    }

    public struct Output: Equatable, ViewOutput {
        public var number: IssueNumber
        public var step = Step.title
        /// The version the text will be saved against; nil until the issue is read.
        public var read: ReadVersion?
        /// The person's text (the issue's, until they change it).
        public var title = ""
        public var body = ""
        /// What is wrong with the last input (or why the issue could not be read).
        public var failure: TrackerError?
        public var result: Result?
        /// The conflict met on the way, if any: what leaving now keeps the text for.
        public var conflict: EditConflict?
        /// The person's text as typed, saved first when the merge dropped some of it.
        public var typedFirst: TypedText?

        public var text: IssueText { IssueText(title: title, body: body) }

        public init(number: IssueNumber) {
            self.number = number
        }
    }

    public struct UseCases: Sendable {
        let show: ShowIssue
        let edit: EditIssues
        /// To tell whether a text that was not saved is in the draft; nil: it is not known to be.
        let recoverDraft: RecoverDraft?

        public init(show: ShowIssue, edit: EditIssues, recoverDraft: RecoverDraft? = nil) {
            self.show = show
            self.edit = edit
            self.recoverDraft = recoverDraft
        }
    }

    public private(set) var output: Output
    public var number: IssueNumber { output.number }
    private let actor: Login
    private let useCases: UseCases

    public init(number: IssueNumber, actor: Login, useCases: UseCases) {
        self.actor = actor
        self.useCases = useCases
        output = Output(number: number)
    }

    @discardableResult
    public func send(_ input: Input) async -> Route? {
        switch input {
        case .appear:
            await read()
        case .reload:
            await merge()
        case .resolve(let choices):
            guard case .resolve(let merge) = output.step else { break }
            let (text, drops) = merge.resolved(choices)
            output.title = text.title
            output.body = text.body
            output.typedFirst = drops ? merge.typed : nil
            output.step = .review
        case .text(let text):
            let current = output.read?.body ?? ""
            let bodyFailure = setBody(IssueText.isUnchanged(body: text.body, from: current) ? current : text.body)
            output.failure = setTitle(text.title) ?? bodyFailure
            if output.failure == nil { output.step = .ready }
        case .title(let title):
            if title.allSatisfy(\.isWhitespace) {
                output.title = output.read?.title ?? ""
                output.failure = nil
            } else {
                output.failure = setTitle(title)
            }
            if output.failure == nil { output.step = .body }
        case .body(let body):
            output.failure = setBody(body ?? output.read?.body ?? "")
            if output.failure == nil { output.step = .ready }
        case .save:
            await save()
        case .cancel:
            return .cancelled
        }
        return nil
    }

    /// Reads the issue; its text is the person's to change.
    private func read() async {
        output.result = nil
        do {
            let issue = try await useCases.show(number).issue
            output.read = ReadVersion(issue)
            output.title = issue.title
            output.body = issue.body
            output.failure = nil
        } catch {
            output.failure = TrackerError(wrapping: error)
        }
    }

    /// Reads the issue again and merges the person's text with it, from the version they read.
    private func merge() async {
        output.result = nil
        do {
            guard let earlier = output.read else { return await read() }
            let issue = try await useCases.show(number).issue
            let merge = EditMerge(
                EditConflict(read: earlier, current: issue), typed: TypedText(title: output.title, body: output.body))
            output.read = ReadVersion(issue)
            output.failure = nil
            if merge.isClean {
                let text = merge.resolved(EditMerge.Choices()).text
                output.title = text.title
                output.body = text.body
                output.step = .review
            } else {
                output.step = .resolve(merge)
            }
        } catch {
            output.failure = TrackerError(wrapping: error)
        }
    }

    private func save() async {
        guard let read = output.read else {
            output.result = .failed(output.failure ?? .notFound("issue \(number) was not read"), kept: false)
            return
        }
        do {
            let edit = try IssueEdit.saving(
                TypedText(title: output.title, body: output.body), over: TypedText(title: read.title, body: read.body),
                typedFirst: output.typedFirst)
            guard edit.changesText else {
                output.result = .unchanged
                return
            }
            let edited = try await useCases.edit([number], edit, read: read, actor: actor)
            guard let issue = edited.first else { throw TrackerError.notFound("issue \(number) was not saved") }
            output.result = .saved(issue)
        } catch TrackerError.editConflict(let conflict) {
            output.result = .conflict(conflict)
            output.conflict = conflict
            output.step = .conflict(conflict)
        } catch {
            output.result = .failed(TrackerError(wrapping: error), kept: isKept)
        }
    }

    /// Whether the edit draft holds the person's text, as `EditIssues` keeps it.
    private var isKept: Bool {
        guard let draft = try? useCases.recoverDraft?(.edit(number)) else { return false }
        return draft.title == output.title && draft.body == output.body
    }

    /// Takes the title as given (trimmed when it is valid); returns what is wrong with it.
    private func setTitle(_ title: String) -> TrackerError? {
        output.title = title
        do {
            output.title = try IssueDraft.validTitle(title)
            return nil
        } catch {
            return error
        }
    }

    /// Takes the body as given; returns what is wrong with it.
    private func setBody(_ body: String) -> TrackerError? {
        output.body = body
        do {
            _ = try IssueDraft.validBody(body)
            return nil
        } catch {
            return error
        }
    }
}
