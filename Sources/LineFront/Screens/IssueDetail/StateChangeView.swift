import TerminalKit
import TrackerCore

/// The one wording of what closing or reopening did, wherever it was asked for: `tracker close
/// 7 8 9` (a line per issue), the list's `c N` and the issue screen's `x`.
@MainActor
public struct StateChangeView {
    /// nil for a reopen.
    let closing: StateReason?

    public init(closing: StateReason?) {
        self.closing = closing
    }

    public func render(_ changes: [StateChange], to terminal: any Terminal) {
        for change in changes { terminal.writeLine(StateChangeView.describe(change, closing: closing)) }
    }

    /// `reason` is the close reason; nil for a reopen.
    nonisolated public static func describe(_ change: StateChange, closing reason: StateReason?) -> String {
        let number = change.issue.number
        switch (change, reason) {
        case (.changed, let reason?):
            return "Closed issue \(number) as \(reason == .notPlanned ? "not planned" : "completed")"
        case (.unchanged, _?): return "Issue \(number) is already closed"
        case (.changed, nil): return "Reopened issue \(number)"
        case (.unchanged, nil): return "Issue \(number) is already open"
        }
    }
}
