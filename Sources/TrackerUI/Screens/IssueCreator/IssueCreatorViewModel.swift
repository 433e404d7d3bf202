import TrackerCore

/// The new-issue screen's state: the draft as written so far, which part is asked for next, what
/// is wrong with the last answer, and the result. When the database cannot take the issue, the
/// draft is kept (`SaveDraft`) so nothing written is lost; once created, a kept draft is
/// forgotten (`DiscardDraft`). `tracker create` sends the fields and `.confirm` at once.
@MainActor
public final class IssueCreatorViewModel: ViewModel {
    /// What the screen asks for next.
    public enum Step: Equatable, Sendable {
        case title, body
        /// Whether to choose assignees before confirming.
        case assigneesQuestion
        /// The draft is shown, to confirm (or to choose labels and a milestone first).
        case confirm
    }

    public enum Input: Equatable, Sendable {
        /// The screen opens (on a restored draft, at the confirmation).
        case appear
        /// The title as written; checked at once.
        case title(String)
        /// The whole body; checked at once.
        case body(String)
        /// The answer to whether to choose assignees first.
        case wantsAssignees(Bool)
        case assignees([Login])
        case labels([LabelName])
        /// nil: in no milestone.
        case milestone(MilestoneTitle?)
        /// The priority, due date and parent (`tracker create --priority --due --parent`); nil: none.
        case plan(Priority?, dueOn: Timestamp?, parent: IssueNumber? = nil)
        /// What a picker opened from the confirmation chose.
        case choseLabels(ChoiceChange<LabelName>)
        case choseMilestone(ChoiceChange<MilestoneTitle>)
        case chooseLabels, chooseMilestone
        /// Create the issue.
        case confirm
        case cancel
    }

    public enum Route: Equatable, Sendable {
        case chooseAssignees, chooseLabels, chooseMilestone
        /// Confirmed: `created`, or why not in `failure`.
        case confirmed
        case cancelled
    }

    /// What the last input did, for the presenter to word.
    public enum Notice: Equatable, Sendable {
        /// The screen opened; `restored`: on a draft an earlier session could not save.
        case opened(restored: Bool)
        case choseLabels(ChoiceChange<LabelName>)
        case choseMilestone(ChoiceChange<MilestoneTitle>)
    }

    /// What happened to the draft of an issue that was not created.
    public enum KeptDraft: Equatable, Sendable {
        case saved
        /// It could not be saved either (why); the screen shows it so it can be copied.
        case unsaved(String)
    }

    public struct Output: Equatable, ViewOutput {
        public var step = Step.title
        public var title = ""
        public var body = ""
        public var assignees: [Login] = []
        public var labels: [LabelName] = []
        public var milestone: MilestoneTitle?
        public var priority: Priority?
        public var dueOn: Timestamp?
        public var parent: IssueNumber?
        public var notice: Notice?
        /// What is wrong with the last input (it is asked again), or why the issue was not created.
        public var failure: TrackerError?
        public var created: Issue?
        public var keptDraft: KeptDraft?

        public init() {}

        /// After `.confirm` without `created`: why.
        public var whyNotCreated: TrackerError { failure ?? .storageFailure("the issue was not created") }

        public var draft: SavedDraft {
            SavedDraft(
                title: title, body: body, assignees: assignees.map(\.value), labels: labels.map(\.value),
                milestone: milestone?.value)
        }
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

    public private(set) var output = Output()
    private let useCases: UseCases
    private let author: Login
    private let restored: Bool

    /// `prefill`: a draft an earlier session could not save, offered back at the confirmation.
    public init(useCases: UseCases, author: Login, prefill: SavedDraft? = nil) {
        self.useCases = useCases
        self.author = author
        restored = prefill != nil
        if let prefill {
            output.title = prefill.title
            output.body = prefill.body
            output.assignees = prefill.assignees.compactMap { try? Login($0) }
            output.labels = prefill.labels.compactMap { try? LabelName($0) }
            output.milestone = prefill.milestone.flatMap { try? MilestoneTitle($0) }
            output.step = .confirm
        }
    }

    @discardableResult
    public func send(_ input: Input) async -> Route? {
        output.notice = nil
        switch input {
        case .appear:
            output.notice = .opened(restored: restored)
        case .title(let title):
            output.title = title
            output.failure = checking { () throws(TrackerError) in _ = try IssueDraft.validTitle(title) }
            advance(from: .title, to: .body)
        case .body(let body):
            output.body = body
            output.failure = checking { () throws(TrackerError) in _ = try IssueDraft.validBody(body) }
            advance(from: .body, to: .assigneesQuestion)
        case .wantsAssignees(let wanted):
            output.step = .confirm
            if wanted { return .chooseAssignees }
        case .assignees(let assignees):
            output.assignees = assignees
            output.failure = nil
        case .labels(let labels):
            output.labels = labels
            output.failure = nil
        case .milestone(let milestone):
            output.milestone = milestone
            output.failure = nil
        case .plan(let priority, let dueOn, let parent):
            (output.priority, output.dueOn, output.parent) = (priority, dueOn, parent)
        case .choseLabels(let change):
            output.labels = change.chosen
            output.notice = .choseLabels(change)
        case .choseMilestone(let change):
            output.milestone = change.chosen.first
            output.notice = .choseMilestone(change)
        case .chooseLabels:
            return .chooseLabels
        case .chooseMilestone:
            return .chooseMilestone
        case .confirm:
            await confirm()
            return .confirmed
        case .cancel:
            return .cancelled
        }
        return nil
    }

    /// Moves on once the part asked for is right.
    private func advance(from step: Step, to next: Step) {
        if output.failure == nil, output.step == step { output.step = next }
    }

    private func confirm() async {
        do {
            var draft = try IssueDraft(
                title: output.title, body: output.body, assignees: output.assignees, labels: output.labels,
                milestone: output.milestone)
            (draft.priority, draft.dueOn, draft.parent) = (output.priority, output.dueOn, output.parent)
            output.created = try await useCases.create(draft, author: author)
            output.failure = nil
            try? useCases.discardDraft?()
        } catch {
            output.failure = TrackerError(wrapping: error)
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

    private func checking(_ check: () throws(TrackerError) -> Void) -> TrackerError? {
        do {
            try check()
            return nil
        } catch {
            return error
        }
    }
}
