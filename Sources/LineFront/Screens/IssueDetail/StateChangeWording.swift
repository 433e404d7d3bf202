import TrackerCore

/// The one wording of what closing or reopening did, wherever it was asked for: `tracker close
/// 7 8 9` (a line per issue), the list's `c N` and the issue screen's `x`.
enum StateChangeWording {
    /// `reason` is the close reason; nil for a reopen.
    static func describe(_ change: StateChange, closing reason: StateReason?) -> String {
        let number = change.issue.number
        switch (change, reason) {
        case (.changed(let issue), .duplicate):
            let original = issue.duplicateOf.map { " of \($0)" } ?? ""
            return "Closed issue \(number) as a duplicate\(original)"
        case (.changed, let reason?):
            return "Closed issue \(number) as \(reason.closedAs)"
        case (.unchanged, _?): return "Issue \(number) is already closed"
        case (.changed, nil): return "Reopened issue \(number)"
        case (.unchanged, nil): return "Issue \(number) is already open"
        }
    }
}
