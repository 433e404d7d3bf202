import Interchange
import TerminalKit
import TrackerCore

/// What `tracker edit` says: a line per edited issue, that nothing changed, or the issues as
/// JSON (one object for one issue named, an array for several).
@MainActor
public struct IssueEditNoticeView {
    public let format: OutputFormat

    public init(format: OutputFormat) {
        self.format = format
    }

    public func render(edited issues: [Issue], several: Bool, to terminal: any Terminal) {
        switch format {
        case .json(let fields):
            let objects = issues.map { IssueJSON.object($0, fields: fields) }
            let value: JSONValue = several || objects.count != 1 ? .array(objects) : objects[0]
            terminal.write(IssueJSON.encode(value))
        case .table:
            for issue in issues { terminal.writeLine("Edited issue #\(issue.number.value)") }
        }
    }

    public func render(unchanged issue: Issue, to terminal: any Terminal) {
        switch format {
        case .json(let fields): terminal.write(IssueJSON.encode(IssueJSON.object(issue, fields: fields)))
        case .table: terminal.writeLine("No changes to issue #\(issue.number.value): the text is as it was")
        }
    }
}
