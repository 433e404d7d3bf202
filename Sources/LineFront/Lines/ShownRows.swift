import TrackerCore

/// The one way a tab reads a label or a milestone typed after a command: a row number as the
/// tab shows it (from 1), or a name ignoring case; an unknown one is refused with the closest
/// names shown.
enum ShownRows {
    static func find<Item>(
        _ reference: String, in items: [Item], name: (Item) -> String,
        unknown: (_ typed: String, _ suggestions: [String]) -> TrackerError
    ) -> Result<Item, TrackerError> {
        let text = reference.trimmed
        if let row = Int(text), items.indices.contains(row - 1) { return .success(items[row - 1]) }
        if let found = items.first(where: { name($0).lowercased() == text.lowercased() }) { return .success(found) }
        return .failure(unknown(text, NameSuggestions.rank(text, among: items.map(name), limit: 3)))
    }
}
