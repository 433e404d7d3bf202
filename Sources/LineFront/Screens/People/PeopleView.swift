import TerminalKit
import TrackerCore
import TrackerUI

/// Renders the People tab: each user's login, name and open assignments in the tab's frame.
@MainActor
public struct PeopleView {
    public init() {}

    public func render(_ output: PeopleViewModel.Output, to terminal: any Terminal) {
        if let failure = output.failure { return terminal.writeFailure(failure) }
        TabFrameView(tab: .people, terminal: terminal).render(
            count: output.people.count, table: table(output.people), empty: nil,
            notice: output.notice.map(PeopleCommands.describe))
    }

    public func table(_ people: [UserWorkload]) -> Table {
        let rows = people.map { workload in
            [
                VisibleText.line(workload.user.login.value), VisibleText.line(workload.user.name),
                "\(workload.openAssignments)",
            ]
        }
        return Table(headers: ["LOGIN", "NAME", "OPEN ASSIGNED"], rows: rows, flexibleColumn: 1)
    }
}
