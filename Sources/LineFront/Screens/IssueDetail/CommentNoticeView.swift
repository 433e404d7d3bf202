import Interchange
import TerminalKit
import TrackerCore
import TrackerUI

/// What `tracker comment` says after adding, editing or deleting a comment: one line, or the
/// comment as JSON in gh's shape.
@MainActor
public struct CommentNoticeView {
    public typealias Change = CommentChange

    public let format: OutputFormat
    /// `--json FIELDS`: only these fields; nil for all.
    public let fields: JSONFieldList?

    public init(format: OutputFormat, fields: JSONFieldList? = nil) {
        self.format = format
        self.fields = fields
    }

    public func render(_ comment: Comment, _ change: Change, to terminal: any Terminal) {
        if case .json = format {
            ProgramOutput.writeJSON(JSONFieldList.apply(fields, to: IssueJSON.comment(comment)), to: terminal)
            return
        }
        terminal.writeLine(CommentNoticeView.describe(comment, change))
    }

    /// The one wording of what happened to a comment.
    nonisolated static func describe(_ comment: Comment, _ change: Change) -> String {
        let issue = "issue #\(comment.issue.value)"
        return switch change {
        case .added: "Commented on \(issue) (comment \(comment.id))"
        case .edited: "Edited comment \(comment.id) on \(issue)"
        case .unchanged: "No changes to comment \(comment.id) on \(issue): the text is as it was"
        case .deleted: "Deleted comment \(comment.id) on \(issue)"
        }
    }
}
