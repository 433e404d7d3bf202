import TerminalKit
import TrackerCore

/// An issue's comments under its timeline, oldest first: who wrote each and when, then its text
/// indented. Folded, only how many there are and how to see them.
@MainActor
public struct IssueCommentsView {
    public let expanded: Bool
    public let now: () -> Timestamp
    /// On the issue's screen the hint names its `c` key; from `tracker show`, the command.
    public let onScreen: Bool

    public init(expanded: Bool, onScreen: Bool = false, now: @escaping () -> Timestamp = Timestamp.now) {
        self.expanded = expanded
        self.onScreen = onScreen
        self.now = now
    }

    public func render(_ details: IssueDetails, to terminal: any Terminal) {
        let comments = details.comments
        let count = "\(comments.count) comment\(comments.count == 1 ? "" : "s")"
        guard expanded else {
            if !comments.isEmpty {
                terminal.writeLine("")
                terminal.writeWrappedLine("\(count) (tracker show \(details.issue.number.value) --comments)")
            }
            return
        }
        terminal.writeLine("")
        guard !comments.isEmpty else {
            let adding = onScreen ? "c adds one" : "tracker comment \(details.issue.number.value) adds one"
            terminal.writeWrappedLine("No comments yet (\(adding))")
            return
        }
        terminal.writeLine("Comments (\(comments.count))")
        let moment = now()
        for comment in comments { render(comment, at: moment, to: terminal) }
    }

    /// One comment: who wrote it and when, then its text indented.
    public func render(_ comment: Comment, at moment: Timestamp, to terminal: any Terminal) {
        let edited = comment.updatedAt == comment.createdAt ? "" : ", edited"
        terminal.writeLine("")
        terminal.writeWrappedLine(
            "\(comment.author) commented \(RelativeTime.describe(comment.createdAt, now: moment))"
                + " (comment \(comment.id)\(edited))")
        let lines = VisibleText.block(comment.body).split(separator: "\n", omittingEmptySubsequences: false)
        for line in lines { terminal.writeWrappedLine(line.isEmpty ? "" : "  " + line) }
    }
}
