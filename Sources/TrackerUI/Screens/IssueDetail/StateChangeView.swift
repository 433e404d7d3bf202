import TerminalKit
import TrackerCore

/// What `tracker close 7 8 9` and `tracker reopen 7 8 9` did: one line per issue, worded as
/// the issue screen words it.
@MainActor
public struct StateChangeView {
    /// nil for a reopen.
    let closing: StateReason?

    public init(closing: StateReason?) {
        self.closing = closing
    }

    public func render(_ changes: [StateChange], to terminal: any Terminal) {
        for change in changes { terminal.writeLine(StateChangeNotice.describe(change, closing: closing)) }
    }
}
