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

    /// The milestones, and the state they were listed in (nil: all).
    public typealias Output = TabListOutput<Milestone, MilestoneState, Notice>

    public enum Route: Equatable, Sendable {
        case issues(MilestoneTitle)
    }

    private let source: TabSource<ManageMilestones>
    public private(set) var output: Output

    /// `actor`: who deletes; nil where nothing is deleted.
    public init(milestones: ManageMilestones, actor: Login?, permissions: Permissions = .databaseDecides) {
        source = TabSource(milestones, actor: actor)
        output = Output(permissions: permissions)
    }

    @discardableResult
    public func send(_ input: Input) async -> Route? {
        output.notice = nil
        guard case .issues(let title) = input else {
            output.failure = await caught { try await self.take(input) }
            return nil
        }
        output.failure = nil
        return .issues(title)
    }

    /// Acts on the input; after a change, the list is loaded again when it is on the tab.
    private func take(_ input: Input) async throws {
        if let action = Self.action(of: input) { try output.permissions.require(action) }
        switch input {
        case .invalid(let failure):
            throw failure
        case .unknown(let text):
            output.notice = text.isEmpty ? nil : .unknownCommand(text)
        case .appear:
            return try await list(state: nil)
        case .list(let state):
            return try await list(state: state)
        case .create(let title, let description, let due):
            output.notice = .created(
                try await source.useCases.create(title: title, description: description, dueOn: due))
        case .edit(let title, let change):
            output.notice = .edited(try await source.useCases.edit(title, change))
        case .setState(let title, let state):
            output.notice = .stateSet(try await source.useCases.setState(of: title, to: state), state)
        case .delete(let title):
            output.notice = .deleted(try await source.useCases.delete(title, actor: try source.deleter()))
        case .issues:
            break
        }
        if source.listed { output.items = try await source.list { try await $0.list() } }
    }

    private func list(state: MilestoneState?) async throws {
        output.items = try await source.list { try await $0.list(state: state) }
        output.query = state
    }
}

extension MilestonesViewModel {
    /// What the input does that a level may refuse; nil for reading.
    private static func action(of input: Input) -> Permissions.Action? {
        switch input {
        case .create: .createMilestone
        case .edit: .editMilestone
        case .setState(_, .closed): .closeMilestone
        case .setState(_, .open): .reopenMilestone
        case .delete: .deleteMilestone
        default: nil
        }
    }
}
