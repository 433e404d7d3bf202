import TrackerCore

/// One issue with its timeline, the state changes a person can make from there, and the screens
/// it opens (edit, comment, assignees, labels, milestone).
@MainActor
public final class IssueDetailViewModel: ViewModel {
    public enum Input: Equatable, Sendable {
        /// Load (or load again) the issue and its timeline.
        case appear
        /// Close it for this reason; closing a closed issue changes nothing.
        case close(StateReason)
        /// Reopen it; reopening an open issue changes nothing.
        case reopen
        /// Open the editor, the comment composer, or a picker.
        case edit, comment, chooseAssignees, chooseLabels, chooseMilestone
        case back
        /// Its title or body was edited from here: load it again and say so.
        case edited
        /// A comment was posted from here: load it again and say so.
        case commented(Comment)
        /// Its assignees were chosen from here: load it again and say who they are (and what
        /// leaving the picker saved).
        case assigned([Login], change: AssigneeViewModel.Change? = nil)
        /// Its labels were chosen (and saved) from here: load it again and say what changed.
        case labelled(ChoiceChange<LabelName>)
        /// Its milestone was chosen (and saved) from here: load it again and say what changed.
        case milestoned(ChoiceChange<MilestoneTitle>)
        /// The editor or the composer ended without changing the issue: say how.
        case unchangedBy(Unchanged)
        /// Someone changed it elsewhere: load it again (when an issue changed) and keep what landed.
        case changedElsewhere(LiveNews)
        /// Every version of its title and body.
        case history
        /// What a version (nil: the current one) changed from the one before it.
        case versionChange(Int64?)
        /// Set its priority, due date, parent or blockers, as typed at the screen (`p P1`, `d none`,
        /// `s 12`, `k 7`, `k -7`): one edit, saved at once.
        case plan(IssueEdit)
    }

    /// A child screen that ended with nothing saved.
    public enum Unchanged: Equatable, Sendable {
        case editor(IssueEditorCoordinator.Outcome)
        case composer(CommentComposerCoordinator.Outcome)
    }

    public enum Route: Equatable, Sendable {
        case edit, comment, assignees, labels, milestone, back
    }

    /// What the last action did, for the presenter to word.
    public enum Notice: Equatable, Sendable {
        /// `closing` is the close reason; nil for a reopen.
        case stateChanged(StateChange, closing: StateReason?)
        case edited
        case commented(Comment)
        case assigned([Login])
        case labelled(ChoiceChange<LabelName>)
        case milestoned(ChoiceChange<MilestoneTitle>)
        case unchangedBy(Unchanged)
        /// Its priority, due date, parent or blockers changed from here.
        case planned
    }

    /// What a reload found that the screen had not shown: the timeline's new entries and the new comments.
    public struct Landed: Equatable, Sendable {
        public var events: [IssueEvent] = []
        public var comments: [Comment] = []

        public var isEmpty: Bool { events.isEmpty && comments.isEmpty }
    }

    public struct Output: Equatable, ViewOutput {
        public var number: IssueNumber
        public var details: IssueDetails?
        public var notice: Notice?
        public var failure: TrackerError?
        /// After `.changedElsewhere`: what was heard, and what is new since the issue was last shown.
        public var news: LiveNews?
        public var landed = Landed()
        /// What leaving the assignee picker saved, said under the issue.
        public var assigneeChange: AssigneeViewModel.Change?
        /// After `.history`: the versions; after `.versionChange`: one version's change.
        public var history: TextHistory?
        public var versionChange: VersionChange?
        /// What the session may do here: the keys to offer.
        public var permissions: Permissions

        public init(number: IssueNumber, permissions: Permissions = .databaseDecides) {
            self.number = number
            self.permissions = permissions
        }
    }

    public struct UseCases: Sendable {
        let show: ShowIssue
        let close: CloseIssue?
        let reopen: ReopenIssue?
        let history: ShowHistory?
        let edit: EditIssues?

        /// Without close and reopen, the screen only shows; without history, it has none to show;
        /// without edit, it plans nothing.
        public init(
            show: ShowIssue, close: CloseIssue? = nil, reopen: ReopenIssue? = nil, history: ShowHistory? = nil,
            edit: EditIssues? = nil
        ) {
            self.show = show
            self.close = close
            self.reopen = reopen
            self.history = history
            self.edit = edit
        }
    }

    public private(set) var output: Output
    public var number: IssueNumber { output.number }
    /// Who closes or reopens; nil for a screen that only shows.
    private let actor: Login?
    private let useCases: UseCases

    public init(
        number: IssueNumber, actor: Login?, useCases: UseCases, permissions: Permissions = .databaseDecides
    ) {
        self.actor = actor
        self.useCases = useCases
        output = Output(number: number, permissions: permissions)
    }

    @discardableResult
    public func send(_ input: Input) async -> Route? {
        output.failure = nil
        output.notice = nil
        output.news = nil
        output.landed = Landed()
        output.assigneeChange = nil
        output.history = nil
        output.versionChange = nil
        let shown = output.details
        do {
            if let route = try await handle(input) { return route }
            if case .unchangedBy = input { return nil }
            if try await showHistory(input) { return nil }
            if case .changedElsewhere(let news) = input, news.changedIssues.isEmpty { return nil }
            output.details = try await useCases.show(number)
            if case .changedElsewhere = input, let shown, let details = output.details {
                let seen = Set(shown.comments.map(\.id))
                output.landed = Landed(
                    events: Array(details.events.dropFirst(shown.events.count)),
                    comments: details.comments.filter { !seen.contains($0.id) })
            }
        } catch {
            output.failure = TrackerError(wrapping: error)
        }
        return nil
    }

    /// The route, when the input opens another screen; otherwise sets what to say.
    private func handle(_ input: Input) async throws -> Route? {
        if let action = action(of: input) { try output.permissions.require(action) }
        switch input {
        case .appear:
            break
        case .close(let reason):
            guard let actor, let close = useCases.close else { throw TrackerError.cannotChange }
            output.notice = .stateChanged(try await close(number, reason: reason, actor: actor), closing: reason)
        case .reopen:
            guard let actor, let reopen = useCases.reopen else { throw TrackerError.cannotChange }
            output.notice = .stateChanged(try await reopen(number, actor: actor), closing: nil)
        case .edit: return .edit
        case .comment: return .comment
        case .chooseAssignees: return .assignees
        case .chooseLabels: return .labels
        case .chooseMilestone: return .milestone
        case .back: return .back
        case .edited: output.notice = .edited
        case .commented(let comment): output.notice = .commented(comment)
        case .assigned(let logins, let change):
            output.notice = .assigned(logins)
            output.assigneeChange = change
        case .labelled(let change): output.notice = .labelled(change)
        case .milestoned(let change): output.notice = .milestoned(change)
        case .unchangedBy(let child): output.notice = .unchangedBy(child)
        case .changedElsewhere(let news): output.news = news
        case .history, .versionChange: break
        case .plan(let edit):
            guard let actor, let editIssues = useCases.edit else { throw TrackerError.cannotChange }
            _ = try await editIssues([number], edit, actor: actor)
            output.notice = .planned
        }
        return nil
    }
}

extension IssueDetailViewModel {
    /// Loads what `.history` or `.versionChange` asks for; false for any other input.
    private func showHistory(_ input: Input) async throws -> Bool {
        switch input {
        case .history:
            output.history = try await historyUseCase()(number)
        case .versionChange(let version):
            output.versionChange = try await historyUseCase().change(of: number, to: version)
        default:
            return false
        }
        return true
    }

    private func historyUseCase() throws(TrackerError) -> ShowHistory {
        guard let history = useCases.history else {
            throw .invalidInput(field: "history", rule: "this screen shows no history")
        }
        return history
    }

    /// What the input does that a level may refuse; nil for what anyone who reads may do.
    private func action(of input: Input) -> Permissions.Action? {
        switch input {
        case .close: .close
        case .reopen: .reopen
        case .edit: .editIssueText(author: output.details?.issue.author)
        case .comment: .comment
        case .chooseAssignees, .chooseLabels, .chooseMilestone, .plan: .organizeIssues
        default: nil
        }
    }
}

extension TrackerError {
    fileprivate static let cannotChange = TrackerError.invalidInput(
        field: "user", rule: "changing an issue needs an acting user")
}
