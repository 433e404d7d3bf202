import TrackerCore

/// The new-issue screen's state: the draft as typed so far, its problem if any, and the result.
/// When the database cannot take the issue, the draft is kept (`SaveDraft`) so nothing typed
/// is lost; once created, a kept draft is forgotten (`DiscardDraft`).
@MainActor
public final class IssueCreatorViewModel {
    public enum Input: Equatable, Sendable {
        /// The title as typed; checked at once.
        case title(String)
        /// The whole body at once (from an editor, a flag or a restored draft); checked at once.
        case body(String)
        /// One typed line of the body; a line holding a single `.` ends it and checks it.
        case bodyLine(String)
        case assignees([Login])
        case labels([LabelName])
        case milestone(MilestoneTitle?)
        /// Create the issue.
        case confirm
    }

    /// What happened to the draft of an issue that was not created.
    public enum KeptDraft: Equatable, Sendable {
        case saved
        /// It could not be saved either (why); the screen shows it so it can be copied.
        case unsaved(String)
    }

    public struct Output: Equatable, Sendable {
        public var title = ""
        public var body = ""
        /// The body being typed line by line; nil when no body is being typed.
        public var typedBody: TypedLines?
        public var assignees: [Login] = []
        public var labels: [LabelName] = []
        public var milestone: MilestoneTitle?
        /// What is wrong with the last input; the person is asked again.
        public var problem: TrackerError?
        public var created: Issue?
        public var keptDraft: KeptDraft?

        public var draft: SavedDraft {
            SavedDraft(
                title: title, body: body, assignees: assignees.map(\.value), labels: labels.map(\.value),
                milestone: milestone?.value)
        }
        /// The body lines typed so far; nil when no body is being typed.
        public var bodyLinesTyped: [String]? { typedBody?.lines }
    }

    public struct UseCases: Sendable {
        let create: CreateIssue
        let saveDraft: SaveDraft?
        let discardDraft: DiscardDraft?

        /// Without the draft use cases (scripted `create`), a failure keeps nothing.
        public init(create: CreateIssue, saveDraft: SaveDraft? = nil, discardDraft: DiscardDraft? = nil) {
            self.create = create
            self.saveDraft = saveDraft
            self.discardDraft = discardDraft
        }
    }

    public static let endOfBody = TypedLines.end

    public private(set) var output = Output()
    private let useCases: UseCases
    private let author: Login

    public init(useCases: UseCases, author: Login) {
        self.useCases = useCases
        self.author = author
    }

    public func send(_ input: Input) async {
        switch input {
        case .title(let title):
            output.title = title
            output.problem = catching { () throws(TrackerError) in _ = try IssueDraft.validTitle(title) }
        case .body(let body):
            setBody(body)
        case .bodyLine(let line):
            var typed = output.typedBody ?? TypedLines()
            if let lines = typed.add(line) {
                setBody(lines.joined(separator: "\n"))
            } else {
                output.typedBody = typed
            }
        case .assignees(let assignees):
            output.assignees = assignees
            output.problem = nil
        case .labels(let labels):
            output.labels = labels
            output.problem = nil
        case .milestone(let milestone):
            output.milestone = milestone
            output.problem = nil
        case .confirm:
            await confirm()
        }
    }

    private func setBody(_ body: String) {
        output.typedBody = nil
        output.body = body
        output.problem = catching { () throws(TrackerError) in _ = try IssueDraft.validBody(body) }
    }

    private func confirm() async {
        do {
            let draft = try IssueDraft(
                title: output.title, body: output.body, assignees: output.assignees, labels: output.labels,
                milestone: output.milestone)
            output.created = try await useCases.create(draft, author: author)
            output.problem = nil
            try? useCases.discardDraft?()
        } catch {
            output.problem = TrackerError(wrapping: error)
            keepDraft()
        }
    }

    private func keepDraft() {
        guard let saveDraft = useCases.saveDraft else { return }
        do {
            try saveDraft(output.draft)
            output.keptDraft = .saved
        } catch {
            output.keptDraft = .unsaved("\(error)")
        }
    }

    private func catching(_ check: () throws(TrackerError) -> Void) -> TrackerError? {
        do {
            try check()
            return nil
        } catch {
            return error
        }
    }
}
