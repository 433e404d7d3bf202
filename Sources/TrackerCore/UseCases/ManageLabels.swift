/// `tracker label …` and the Labels tab: create, list, edit and delete the labels issues carry.
/// Shaped as `ManageMilestones` is: one type, a method per verb, names looked up by the
/// repository and explained by `KnownNames` only when one is missing.
public struct ManageLabels: Sendable {
    private let labels: any LabelRepository

    public init(labels: any LabelRepository) { self.labels = labels }

    public func create(_ label: Label) async throws -> Label {
        try await labels.create(label)
    }

    /// By name; `search` keeps those whose name or description contains it (blank: all).
    public func list(search: String? = nil) async throws -> [Label] {
        let search = search?.trimmingWhitespace
        return try await labels.list(search: search?.isEmpty == true ? nil : search)
    }

    public func edit(_ name: LabelName, _ change: LabelChange) async throws -> Label {
        try NothingToChange.refuse(change.isEmpty, in: "label edit", give: "--name, --color or --description")
        return try await explaining { try await labels.edit(name, change) }
    }

    /// The label and how many issues it was removed from.
    public func delete(_ name: LabelName, actor: Login) async throws -> (label: Label, issues: Int) {
        try await explaining { try await labels.delete(name, actor: actor) }
    }

    private func explaining<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        try await KnownNames(labels: labels).explaining(body)
    }
}

/// The one refusal of an edit that changes nothing, naming what to give instead.
enum NothingToChange {
    static func refuse(_ empty: Bool, in field: String, give choices: String) throws(TrackerError) {
        guard empty else { return }
        throw .invalidInput(field: field, rule: "nothing to change: give \(choices)")
    }
}
