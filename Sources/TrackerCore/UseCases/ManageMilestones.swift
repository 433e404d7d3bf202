/// `tracker milestone …` and the Milestones tab: create, list with progress, edit, close and
/// reopen, and delete milestones, each named by title. Shaped as `ManageLabels` is.
public struct ManageMilestones: Sendable {
    private let milestones: any MilestoneRepository

    public init(milestones: any MilestoneRepository) { self.milestones = milestones }

    public func create(
        title: MilestoneTitle, description: String = "", dueOn: Timestamp? = nil
    ) async throws -> Milestone {
        let description = try Milestone.validDescription(description)
        return try await milestones.create(title: title, description: description, dueOn: dueOn)
    }

    /// Open first (soonest due first), then closed; `state` nil is all of them.
    public func list(state: MilestoneState? = nil) async throws -> [Milestone] {
        try await milestones.list(state: state)
    }

    public func edit(_ title: MilestoneTitle, _ change: MilestoneChange) async throws -> Milestone {
        try NothingToChange.refuse(
            change.isEmpty, in: "milestone edit", give: "--title, --description, --due or --no-due")
        return try await explaining { try await milestones.edit(title, change) }
    }

    /// Closing a closed milestone (or reopening an open one) is no change, not an error.
    public func setState(of title: MilestoneTitle, to state: MilestoneState) async throws -> Milestone {
        try await explaining { try await milestones.setState(of: title, to: state) }
    }

    public func delete(_ title: MilestoneTitle, actor: Login) async throws -> Milestone {
        try await explaining { try await milestones.delete(title, actor: actor) }
    }

    public func milestone(titled title: MilestoneTitle) async throws -> Milestone {
        try await explaining { try await milestones.milestone(titled: title) }
    }

    private func explaining<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        try await KnownNames(milestones: milestones).explaining(body)
    }
}
