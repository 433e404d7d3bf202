import TrackerCore

/// The one way a tab reads a label or a milestone typed after a command: the number in the
/// tab's `#` column (a milestone's own number, as the commands take it; a label's row, from 1),
/// or a name ignoring case; an unknown one is refused with the closest names shown.
enum ShownRows {
    static func find<Item>(
        _ reference: String, in items: [Item], name: (Item) -> String, number: ((Item) -> Int64)? = nil,
        unknown: (_ typed: String, _ suggestions: [String]) -> TrackerError
    ) -> Result<Item, TrackerError> {
        let text = reference.trimmed
        if number != nil, let found = items.first(where: { name($0).lowercased() == text.lowercased() }) {
            return .success(found)  // a title made of digits is found by its title first
        }
        if let number, let typed = MilestoneReference.number(text),
            let found = items.first(where: { number($0) == typed })
        {
            return .success(found)
        }
        if number == nil, let row = Int(text), items.indices.contains(row - 1) { return .success(items[row - 1]) }
        if let found = items.first(where: { name($0).lowercased() == text.lowercased() }) { return .success(found) }
        return .failure(unknown(text, NameSuggestions.rank(text, among: items.map(name), limit: 3)))
    }
}
