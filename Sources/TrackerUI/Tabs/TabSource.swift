import TrackerCore

/// What the Labels and Milestones view models work from: their use cases, who deletes, and whether
/// their list is on the tab. A list is loaded again after a change only when it was loaded, so a
/// command that shows no list (`tracker label create`) reads none.
@MainActor
final class TabSource<UseCases: Sendable> {
    let useCases: UseCases
    /// Who deletes; nil where nothing is deleted.
    private let actor: Login?
    private(set) var listed = false

    init(_ useCases: UseCases, actor: Login?) {
        self.useCases = useCases
        self.actor = actor
    }

    /// Who a deletion is recorded under; refused where nobody acts.
    func deleter() throws -> Login {
        guard let actor else {
            throw TrackerError.invalidInput(field: "user", rule: "deleting needs an acting user")
        }
        return actor
    }

    /// The list as `read` finds it, now shown.
    func list<Item>(_ read: (UseCases) async throws -> [Item]) async throws -> [Item] {
        let items = try await read(useCases)
        listed = true
        return items
    }
}
