/// A numbered list of choices with a selection of at most `limit` items, for the assignee screen
/// now and the label and milestone pickers later. Toggling never renumbers: an item keeps its
/// number (ticked or not) until the next search shows new candidates.
public struct Picker<Item: Equatable & Sendable>: Equatable, Sendable {
    public enum Toggle: Equatable, Sendable {
        case selected(Item)
        case deselected(Item)
        /// No choice has that number; there are `count` choices.
        case outOfRange(count: Int)
        /// Selecting one more would pass the limit.
        case full(limit: Int)
    }

    public private(set) var selected: [Item]
    /// What the screen numbers, from 1.
    public private(set) var choices: [Item]
    public let limit: Int

    public init(selected: [Item] = [], limit: Int) {
        self.selected = selected
        self.choices = selected
        self.limit = limit
    }

    /// After a search: the selection first, then the candidates not already chosen.
    public mutating func show(candidates: [Item]) {
        choices = selected + candidates.filter { !selected.contains($0) }
    }

    /// Starts over from this selection (after loading what is saved).
    public mutating func reset(selected items: [Item]) {
        selected = items
        choices = items
    }

    /// Ticks or unticks the choice at this 1-based position.
    public mutating func toggle(_ position: Int) -> Toggle {
        guard position >= 1, position <= choices.count else { return .outOfRange(count: choices.count) }
        let item = choices[position - 1]
        if let index = selected.firstIndex(of: item) {
            selected.remove(at: index)
            return .deselected(item)
        }
        guard selected.count < limit else { return .full(limit: limit) }
        selected.append(item)
        return .selected(item)
    }

    /// Unticks every choice; the numbers stay.
    public mutating func clear() {
        selected = []
    }

    public func isSelected(_ item: Item) -> Bool {
        selected.contains(item)
    }
}
