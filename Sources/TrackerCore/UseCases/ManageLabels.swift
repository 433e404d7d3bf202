public struct CreateLabel: Sendable {
    private let labels: any LabelRepository

    public init(labels: any LabelRepository) { self.labels = labels }

    public func callAsFunction(_ label: Label) async throws -> Label {
        try await labels.create(label)
    }
}

public struct ListLabels: Sendable {
    private let labels: any LabelRepository

    public init(labels: any LabelRepository) { self.labels = labels }

    public func callAsFunction(search: String? = nil) async throws -> [Label] {
        let search = search?.trimmingWhitespace
        return try await labels.list(search: search?.isEmpty == true ? nil : search)
    }
}

public struct EditLabel: Sendable {
    private let labels: any LabelRepository

    public init(labels: any LabelRepository) { self.labels = labels }

    public func callAsFunction(_ name: LabelName, _ change: LabelChange) async throws -> Label {
        guard !change.isEmpty else {
            throw TrackerError.invalidInput(
                field: "label edit", rule: "nothing to change: give --name, --color or --description")
        }
        return try await KnownNames(labels: labels, milestones: nil).explaining {
            try await labels.edit(name, change)
        }
    }
}

public struct DeleteLabel: Sendable {
    private let labels: any LabelRepository

    public init(labels: any LabelRepository) { self.labels = labels }

    /// The label and how many issues it was taken off.
    public func callAsFunction(_ name: LabelName, actor: Login) async throws -> (label: Label, issues: Int) {
        try await KnownNames(labels: labels, milestones: nil).explaining {
            try await labels.delete(name, actor: actor)
        }
    }
}
