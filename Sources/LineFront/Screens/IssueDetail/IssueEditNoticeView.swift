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
            ProgramOutput.writeJSON(value, to: terminal)
        case .table:
            for issue in issues { terminal.writeLine(IssueEditNoticeView.edited(issue.number)) }
        }
    }

    public func render(unchanged issue: Issue, to terminal: any Terminal) {
        switch format {
        case .json(let fields): ProgramOutput.writeJSON(IssueJSON.object(issue, fields: fields), to: terminal)
        case .table: terminal.writeLine(IssueEditNoticeView.unchanged(issue.number))
        }
    }

    /// The one wording of an issue's text edited.
    nonisolated static func edited(_ number: IssueNumber) -> String { "Edited issue \(number)" }

    /// The one wording of an edit that changed nothing.
    nonisolated static func unchanged(_ number: IssueNumber) -> String {
        "No changes to issue \(number): the text is as it was"
    }
}
