public struct CreateMilestone: Sendable {
    private let milestones: any MilestoneRepository

    public init(milestones: any MilestoneRepository) { self.milestones = milestones }

    public func callAsFunction(
        title: MilestoneTitle, description: String = "", dueOn: Timestamp? = nil
    ) async throws -> Milestone {
        let description = try Milestone.validDescription(description)
        return try await milestones.create(title: title, description: description, dueOn: dueOn)
    }
}

public struct ListMilestones: Sendable {
    private let milestones: any MilestoneRepository

    public init(milestones: any MilestoneRepository) { self.milestones = milestones }

    public func callAsFunction(state: MilestoneState? = nil) async throws -> [Milestone] {
        try await milestones.list(state: state)
    }
}

/// `milestone edit`, `close`, `reopen` and `delete`, each naming the milestone by title.
public struct ChangeMilestone: Sendable {
    private let milestones: any MilestoneRepository

    public init(milestones: any MilestoneRepository) { self.milestones = milestones }

    public func edit(_ title: MilestoneTitle, _ change: MilestoneChange) async throws -> Milestone {
        guard !change.isEmpty else {
            throw TrackerError.invalidInput(
                field: "milestone edit", rule: "nothing to change: give --title, --description, --due or --no-due")
        }
        return try await explaining { try await milestones.edit(title, change) }
    }

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
        try await KnownNames(labels: nil, milestones: milestones).explaining(body)
    }
}
