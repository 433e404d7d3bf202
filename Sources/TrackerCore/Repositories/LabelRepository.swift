/// Holds the labels issues can carry. Implementations throw `TrackerError`; names match ignoring
/// case, and a missing name is `.unknownLabel` (suggestions are filled in by the use cases).
public protocol LabelRepository: Sendable {
    /// A name already taken (in any case) is refused.
    func create(_ label: Label) async throws -> Label
    /// By name ignoring case; `search` keeps those whose name or description contains it.
    func list(search: String?) async throws -> [Label]
    func label(named name: LabelName) async throws -> Label
    /// Renaming keeps the label on its issues; the new name must be free.
    func edit(_ name: LabelName, _ change: LabelChange) async throws -> Label
    /// Removes the label from every issue (an `unlabeled` event on each, as `actor`) and
    /// deletes it, in one transaction; returns the label and how many issues carried it.
    func delete(_ name: LabelName, actor: Login) async throws -> (label: Label, issues: Int)
    /// Existing names close to `text`, nearest first.
    func suggestions(for text: String, limit: Int) async throws -> [LabelName]
}
