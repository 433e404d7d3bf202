import TrackerCore

/// What a picker screen ended with: the choice it started from and the one made.
public struct ChoiceChange<Item: Equatable & Sendable>: Equatable, Sendable {
    public let original: [Item]
    public let chosen: [Item]

    public init(original: [Item], chosen: [Item]) {
        self.original = original
        self.chosen = chosen
    }

    /// Nothing changed (a picker left unchanged).
    public static var none: ChoiceChange { ChoiceChange(original: [], chosen: []) }

    public var added: [Item] { chosen.filter { !original.contains($0) } }
    public var removed: [Item] { original.filter { !chosen.contains($0) } }
    public var isEmpty: Bool { added.isEmpty && removed.isEmpty }
}

/// Whether a picker works on a saved issue (saved on done) or on a draft (handed back).
public enum ChoiceMode<Item: Equatable & Sendable>: Equatable, Sendable {
    case issue(IssueNumber)
    case draft([Item])
}
