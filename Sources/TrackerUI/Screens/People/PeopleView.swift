import TerminalKit
import TrackerCore

/// Renders the People tab: the tab bar, each user's login, name and open assignments.
@MainActor
public struct PeopleView {
    public init() {}

    public func render(_ output: PeopleViewModel.Output, to terminal: any Terminal) {
        if let failure = output.failure {
            terminal.writeFailure(failure)
            return
        }
        terminal.writeLine("")
        terminal.writeLine(TabBarView.line(current: .people))
        terminal.writeLine("People (\(output.people.count))")
        if !output.people.isEmpty {
            let rows = output.people.map { workload in
                [
                    VisibleText.line(workload.user.login.value), VisibleText.line(workload.user.name),
                    "\(workload.openAssignments)",
                ]
            }
            let table = Table(headers: ["LOGIN", "NAME", "OPEN ASSIGNED"], rows: rows, flexibleColumn: 1)
            terminal.write(table.render(width: terminal.width, colour: false))
        }
        if let notice = output.notice { terminal.writeLine(notice) }
        terminal.writeLine("? for help")
    }
}
