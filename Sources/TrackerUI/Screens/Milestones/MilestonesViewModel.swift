import TrackerCore

/// The milestones: the Milestones tab's list (open first) with their progress, and what
/// creating, editing, closing, reopening or deleting one did, and the same for
/// `tracker milestone …`. After a change the list is loaded again only when it was loaded.
@MainActor
public final class MilestonesViewModel: ViewModel {
    public enum Input: Equatable, Sendable {
        /// Load every milestone.
        case appear
        /// Load the milestones in this state (nil: all of them).
        case list(state: MilestoneState?)
        case create(MilestoneTitle, description: String, due: Timestamp?)
        case edit(MilestoneTitle, MilestoneChange)
        case setState(MilestoneTitle, MilestoneState)
        case delete(MilestoneTitle)
        /// Show the milestone's issues.
        case issues(MilestoneTitle)
        /// Something typed that breaks a rule (a due date that is not one): said, nothing changes.
        case invalid(TrackerError)
        /// Not understood: the text as typed.
        case unknown(String)
    }

    /// What the last input did, for the presenter to word.
    public enum Notice: Equatable, Sendable {
        case created(Milestone)
        case edited(Milestone)
        /// Closed or reopened (or already so): the milestone as it now is.
        case stateSet(Milestone, MilestoneState)
        case deleted(Milestone)
        case unknownCommand(String)
    }

    public struct Output: Equatable, Sendable {
        public var milestones: [Milestone] = []
        /// The list may hold closed milestones.
        public var showsClosed = true
        public var notice: Notice?
        public var failure: TrackerError?

        public init() {}
    }

    public enum Route: Equatable, Sendable {
        case issues(MilestoneTitle)
    }

    public private(set) var output = Output()
    public var failure: TrackerError? { output.failure }
    private let milestones: ManageMilestones
    /// Who deletes; nil where nothing is deleted.
    private let actor: Login?
    private var loaded = false

    public init(milestones: ManageMilestones, actor: Login?) {
        self.milestones = milestones
        self.actor = actor
    }

    @discardableResult
    public func send(_ input: Input) async -> Route? {
        output.notice = nil
        output.failure = nil
        do {
            if case .issues(let title) = input { return .issues(title) }
            try await handle(input)
            if loaded, !input.lists { output.milestones = try await milestones.list() }
        } catch {
            output.failure = TrackerError(wrapping: error)
        }
        return nil
    }

    private func handle(_ input: Input) async throws {
        switch input {
        case .appear:
            try await list(state: nil)
        case .list(let state):
            try await list(state: state)
        case .create(let title, let description, let due):
            output.notice = .created(try await milestones.create(title: title, description: description, dueOn: due))
        case .edit(let title, let change):
            output.notice = .edited(try await milestones.edit(title, change))
        case .setState(let title, let state):
            output.notice = .stateSet(try await milestones.setState(of: title, to: state), state)
        case .delete(let title):
            guard let actor else { throw TrackerError.deletingNeedsAnActor }
            output.notice = .deleted(try await milestones.delete(title, actor: actor))
        case .issues:
            break
        case .invalid(let failure):
            throw failure
        case .unknown(let text):
            output.notice = text.isEmpty ? nil : .unknownCommand(text)
        }
    }

    private func list(state: MilestoneState?) async throws {
        output.milestones = try await milestones.list(state: state)
        output.showsClosed = state != .open
        loaded = true
    }
}

extension MilestonesViewModel.Input {
    /// Whether the input loads the list itself.
    fileprivate var lists: Bool {
        switch self {
        case .appear, .list: true
        default: false
        }
    }
}
