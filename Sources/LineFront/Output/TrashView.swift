import Interchange
import TerminalKit
import TrackerCore
import TrackerUI

/// What deleting, restoring and purging did, and the trash as a table or JSON.
@MainActor
public struct TrashView {
    public let json: Bool
    public let fields: JSONFieldList?

    public init(json: Bool = false, fields: JSONFieldList? = nil) {
        self.json = json
        self.fields = fields
    }

    public func render(_ output: TrashViewModel.Output, to terminal: any Terminal) {
        if let notice = output.notice {
            for line in Self.describe(notice) { terminal.writeLine(line) }
            return
        }
        if json {
            ProgramOutput.writeJSON(
                JSONFieldList.apply(fields, to: .array(output.items.map(IssueJSON.trashed))), to: terminal)
            return
        }
        let forProgram = ProgramOutput.isForProgram(terminal)
        guard !output.items.isEmpty || forProgram else { return terminal.writeLine("The trash is empty.") }
        let rows = output.items.map { item in
            switch item {
            case .issue(let issue, let at, let by):
                ["#\(issue.number.value)", VisibleText.line(issue.title), at.iso8601, by.value]
            case .comment(let comment, let at, let by):
                [
                    "comment \(comment.id) on #\(comment.issue.value)",
                    VisibleText.line(String(comment.body.prefix { $0 != "\n" })), at.iso8601, by.value,
                ]
            }
        }
        if forProgram { return ProgramOutput.writeRows(rows, none: "The trash is empty.", to: terminal) }
        let table = Table(headers: ["ITEM", "TEXT", "DELETED", "BY"], rows: rows, flexibleColumn: 1)
        terminal.write(table.render(width: terminal.width, colour: terminal.usesColor))
    }

    /// One line per issue, in the order given.
    static func describe(_ notice: TrashViewModel.Notice) -> [String] {
        switch notice {
        case .deleted(let changes):
            changes.map { change in
                let number = change.issue.number.value
                return if case .changed = change {
                    "Deleted issue #\(number) (it is in the trash: `tracker restore \(number)` brings it back)"
                } else {
                    "Issue #\(number) is already in the trash"
                }
            }
        case .restored(let changes):
            changes.map { change in
                if case .changed = change {
                    "Restored issue #\(change.issue.number.value)"
                } else {
                    "Issue #\(change.issue.number.value) is not in the trash"
                }
            }
        case .restoredComment(let comment): ["Restored comment \(comment.id) on issue #\(comment.issue.value)"]
        case .purged(let purged) where purged.issues + purged.comments == 0: ["Nothing in the trash is that old"]
        case .purged(let purged):
            [
                "Removed for good from the trash: \(purged.issues) issue\(purged.issues == 1 ? "" : "s") and "
                    + "\(purged.comments) comment\(purged.comments == 1 ? "" : "s")"
            ]
        }
    }
}
