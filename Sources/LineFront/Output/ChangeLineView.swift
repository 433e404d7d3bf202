import Interchange
import TerminalKit
import TrackerCore

/// One change as `tracker watch` prints it: a line a person reads
/// (`event 345 · 2026-11-21T16:50:02Z · #12 "Fix login" · alice closed this as completed`), or
/// one JSON object per line with `--json`.
public struct ChangeLineView: Sendable {
    public let json: Bool
    /// `--json FIELDS`: only these fields; nil for all.
    public let fields: JSONFieldList?

    public init(json: Bool, fields: JSONFieldList? = nil) {
        self.json = json
        self.fields = fields
    }

    public func line(_ change: IssueChange) -> String {
        if json {
            let object = JSONFieldList.apply(fields, to: IssueJSON.change(change))
            return VisibleText.line(String(IssueJSON.encodeLine(object).dropLast())) + "\n"
        }
        let what = IssueDetailView.describe(change.event)
        let parts = [
            "event \(change.id)", change.event.createdAt.iso8601,
            "\(change.project?.value ?? "")#\(change.issue.value) \"\(change.title)\"", what,
        ]
        return VisibleText.line(parts.joined(separator: " · ")) + "\n"
    }

    /// What watching says on standard error besides the changes.
    public static func describe(_ notice: WatchNotice) -> String {
        switch notice {
        case .lost(let reason, let resumingAfter):
            let resuming = resumingAfter.map { "after event \($0)" } ?? "from where it began"
            return "\(reason); reconnecting, then carrying on \(resuming)"
        case .restored:
            return "connected again: the changes made meanwhile follow"
        }
    }
}
