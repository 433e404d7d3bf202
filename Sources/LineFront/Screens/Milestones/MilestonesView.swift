import TerminalKit
import TrackerCore
import TrackerUI

/// Renders the Milestones tab: the tab bar, each milestone with its open and closed issues, the
/// percent done and the due date ("overdue" once it has passed while open).
@MainActor
public struct MilestonesView {
    public let now: () -> Timestamp

    public init(now: @escaping () -> Timestamp = Timestamp.now) {
        self.now = now
    }

    public func render(_ output: MilestonesViewModel.Output, to terminal: any Terminal) {
        if let failure = output.failure { return terminal.writeFailure(failure) }
        TabFrameView(tab: .milestones, terminal: terminal).render(
            count: output.items.count, table: table(output.items),
            empty: "No milestones yet: n creates one.", notice: output.notice.map(MilestonesCommands.describe))
    }

    public func table(_ milestones: [Milestone]) -> Table {
        let moment = now()
        let rows = milestones.map { milestone in
            [
                "\(milestone.number)", VisibleText.line(milestone.title.value), milestone.state.rawValue,
                "\(milestone.openIssues)", "\(milestone.closedIssues)", "\(milestone.percentDone)%",
                due(milestone, at: moment),
            ]
        }
        return Table(
            headers: ["#", "TITLE", "STATE", "OPEN", "CLOSED", "DONE", "DUE"], rows: rows, flexibleColumn: 1)
    }

    private func due(_ milestone: Milestone, at moment: Timestamp) -> String {
        guard let dueOn = milestone.dueOn else { return "" }
        let day = String(dueOn.iso8601.prefix(10))
        return milestone.isOverdue(at: moment) ? "\(day) overdue" : day
    }
}
