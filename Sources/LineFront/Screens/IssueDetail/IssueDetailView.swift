import Interchange
import TerminalKit
import TrackerCore
import TrackerUI

/// Renders one issue: title, state, people, body, the timeline and the comments (oldest first,
/// relative times), or JSON with the events, comments and ISO-8601 times.
@MainActor
public struct IssueDetailView {
    public let format: OutputFormat
    /// Whether the table shows the comments (oldest first) after the timeline, or only how many.
    public let showsComments: Bool
    public let now: () -> Timestamp
    /// Whether it is the issue's screen (whose `c` key comments), not `tracker show`.
    public let onScreen: Bool

    public init(
        format: OutputFormat, showsComments: Bool = true, onScreen: Bool = false,
        now: @escaping () -> Timestamp = Timestamp.now
    ) {
        self.format = format
        self.showsComments = showsComments
        self.onScreen = onScreen
        self.now = now
    }

    public func render(_ output: IssueDetailViewModel.Output, to terminal: any Terminal) {
        guard let details = output.details else { return }
        switch format {
        case .json(let fields):
            ProgramOutput.writeJSON(
                IssueJSON.object(
                    details.issue, fields: fields, events: details.events, comments: details.comments,
                    structure: details.structure),
                to: terminal)
        case .table:
            terminal.write(WordWrap.text(text(details, depth: terminal.colorDepth), width: terminal.width))
            IssueCommentsView(expanded: showsComments, onScreen: onScreen, now: now).render(details, to: terminal)
        }
    }

    /// What the last action did, in one line.
    nonisolated public static func describe(_ notice: IssueDetailViewModel.Notice, of number: IssueNumber) -> String {
        switch notice {
        case .stateChanged(let change, let reason): StateChangeWording.describe(change, closing: reason)
        case .edited: IssueEditNoticeView.edited(number)
        case .commented(let comment): CommentNoticeView.describe(comment, .added)
        case .assigned(let logins): AssigneeView.describe(number, assignees: logins)
        case .labelled(let change): ChoiceView.describe(change, "Labels of issue \(number)", name: \.value)
        case .milestoned(let change): ChoiceView.describe(change, "Milestone of issue \(number)", name: \.value)
        case .unchangedBy: ""
        case .planned: IssueEditNoticeView.edited(number)
        }
    }

    /// What landed while the screen waited: new timeline entries, then new comments in full.
    public func renderLanded(_ landed: IssueDetailViewModel.Landed, to terminal: any Terminal) {
        let moment = now()
        for event in landed.events { terminal.writeWrappedLine(IssueDetailView.timelineLine(event, now: moment)) }
        let comments = IssueCommentsView(expanded: true, now: now)
        for comment in landed.comments { comments.render(comment, at: moment, to: terminal) }
    }

    private func text(_ details: IssueDetails, depth: ColorDepth) -> String {
        let colour = depth != .none
        let issue = details.issue
        let moment = now()
        let state = Table.styled(issue.state.rawValue.uppercased(), issue.state.colourCode, enabled: colour)
        var lines = [
            Table.styled("#\(issue.number.value) \(VisibleText.line(issue.title))", "1", enabled: colour),
            "\(state)\(issue.duplicateOf.map { " as a duplicate of \($0)" } ?? "") · \(issue.author) opened \(RelativeTime.describe(issue.createdAt, now: moment))"
                + " · updated \(RelativeTime.describe(issue.updatedAt, now: moment))",
            "Assignees: " + (issue.assignees.isEmpty ? "none" : issue.assignees.map(\.value).joined(separator: ", ")),
            "Labels: " + labels(issue.labels, depth: depth),
            "Milestone: " + (issue.milestone.map(IssueDetailView.describe) ?? "none"),
        ]
        if let plan = IssueDetailView.plan(issue, now: moment) { lines.append(plan) }
        lines += IssueStructureView.lines(details, colour: colour)
        lines += [
            "",
            issue.body.isEmpty ? "No description provided." : VisibleText.block(issue.body),
            "",
        ]
        lines.append("Timeline")
        lines += details.events.map { IssueDetailView.timelineLine($0, now: moment) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `Priority: P1 · Due: 2026-12-31 (overdue)`, when the issue has either.
    nonisolated static func plan(_ issue: Issue, now: Timestamp) -> String? {
        guard issue.priority != nil || issue.dueOn != nil else { return nil }
        let due = issue.dueOn.map { due in
            DueDate.text(due) + (issue.state == .open && DueDate.text(due) < DueDate.text(now) ? " (overdue)" : "")
        }
        return "Priority: \(issue.priority?.name ?? "none") · Due: \(due ?? "none")"
    }

    private static func timelineLine(_ event: IssueEvent, now moment: Timestamp) -> String {
        "  \(RelativeTime.describe(event.createdAt, now: moment)): \(describe(event))"
    }

    /// Who did what: `alice closed this as completed`; `erin, acting as build-bot, closed this…`
    /// for an admin who used `--as`; `… (imported by dana)` for history an import brought;
    /// `… (undo)` for what `tracker undo` took back.
    nonisolated static func describe(_ event: IssueEvent) -> String {
        let who = event.actingUser.map { "\($0), acting as \(event.actor)," } ?? "\(event.actor)"
        let imported = event.importedBy.map { " (imported by \($0))" } ?? ""
        return "\(who) \(describe(event.kind))\(imported)\(event.isUndo ? " (undo)" : "")"
    }

    /// `bug, ui`, each name in its colour, or `none`.
    private func labels(_ labels: [Label], depth: ColorDepth) -> String {
        guard !labels.isEmpty else { return "none" }
        let names: [String] = labels.map { LabelColors.styled($0.name, $0.color, depth: depth) }
        return names.joined(separator: ", ")
    }

    /// `v1.0 (due 2026-12-31)`, `v1.0 (closed)`.
    static func describe(_ milestone: IssueMilestone) -> String {
        var notes: [String] = []
        if let due = milestone.dueOn { notes.append("due \(DueDate.text(due))") }
        if milestone.state == .closed { notes.append("closed") }
        let title = VisibleText.line(milestone.title.value)
        return notes.isEmpty ? title : "\(title) (\(notes.joined(separator: ", ")))"
    }

    nonisolated static func describe(_ kind: IssueEvent.Kind) -> String {
        switch kind {
        case .created: "created this issue"
        case .assigned(let login): "assigned \(login)"
        case .unassigned(let login): "unassigned \(login)"
        case .closed(let reason): "closed this as \(reason.closedAs)"
        case .closedAsDuplicate(let original): "closed this as a duplicate of \(original)"
        case .duplicateClosed(let duplicate): "closed \(duplicate) as a duplicate of this"
        case .reopened: "reopened this"
        case .renamed(let from, let to):
            "changed the title from \"\(VisibleText.line(from))\" to \"\(VisibleText.line(to))\""
        case .edited: "edited the description"
        case .commented(let id): "commented (comment \(id))"
        case .commentEdited(let id): "edited comment \(id)"
        case .commentDeleted(let id): "deleted comment \(id)"
        case .commentRestored(let id): "restored comment \(id)"
        case .labeled(let name): "added the \"\(VisibleText.line(name.value))\" label"
        case .unlabeled(let name): "removed the \"\(VisibleText.line(name.value))\" label"
        case .milestoned(let title): "added this to the \"\(VisibleText.line(title.value))\" milestone"
        case .demilestoned(let title): "removed this from the \"\(VisibleText.line(title.value))\" milestone"
        case .prioritized(_, let to?): "set the priority to \(to.name)"
        case .prioritized(_, nil): "removed the priority"
        case .dueChanged(_, let to?): "set the due date to \(DueDate.text(to))"
        case .dueChanged(_, nil): "removed the due date"
        case .parentChanged(_, let to?): "made this a sub-issue of \(to)"
        case .parentChanged(let from?, nil): "removed this from the sub-issues of \(from)"
        case .parentChanged(nil, nil): "removed the parent"
        case .blockerAdded(let blocker): "marked this as blocked by \(blocker)"
        case .blockerRemoved(let blocker): "removed \(blocker) from what blocks this"
        case .deleted: "deleted this issue"
        case .restored: "restored this issue"
        }
    }
}
