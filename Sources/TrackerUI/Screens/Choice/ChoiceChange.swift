import TerminalKit
import TrackerCore

/// What a picker screen ended with: the choice it started from and the one made.
public struct ChoiceChange<Item: Equatable & Sendable>: Equatable, Sendable {
    public let original: [Item]
    public let chosen: [Item]

    public init(original: [Item], chosen: [Item]) {
        self.original = original
        self.chosen = chosen
    }

    /// Nothing changed (a picker left with `:q`).
    public static var none: ChoiceChange { ChoiceChange(original: [], chosen: []) }

    public var added: [Item] { chosen.filter { !original.contains($0) } }
    public var removed: [Item] { original.filter { !chosen.contains($0) } }
    public var isEmpty: Bool { added.isEmpty && removed.isEmpty }

    /// The one wording of a change, e.g. `Labels of issue 1: added bug, ui; removed docs`.
    public func describe(_ subject: String, name: (Item) -> String) -> String {
        guard !isEmpty else { return "\(subject) unchanged" }
        var parts: [String] = []
        if !added.isEmpty { parts.append("added " + added.map { VisibleText.line(name($0)) }.joined(separator: ", ")) }
        if !removed.isEmpty {
            parts.append("removed " + removed.map { VisibleText.line(name($0)) }.joined(separator: ", "))
        }
        return "\(subject): " + parts.joined(separator: "; ")
    }
}

/// Whether a picker works on a saved issue (saved on `done`) or on a draft (handed back).
public enum ChoiceMode<Item: Equatable & Sendable>: Equatable, Sendable {
    case issue(IssueNumber)
    case draft([Item])
}
