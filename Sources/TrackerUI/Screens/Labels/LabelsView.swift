import TerminalKit
import TrackerCore

/// Renders the Labels tab: the tab bar, the labels as a table (name, colour, description; plain
/// text), then the last action's notice or failure.
@MainActor
public struct LabelsView {
    public init() {}

    public func render(_ output: LabelsViewModel.Output, to terminal: any Terminal) {
        if let failure = output.failure {
            terminal.writeFailure(failure)
            return
        }
        terminal.writeLine("")
        terminal.writeLine(TabBarView.line(current: .labels))
        terminal.writeLine("Labels (\(output.labels.count))")
        if output.labels.isEmpty {
            terminal.writeLine("No labels yet: n creates one.")
        } else {
            terminal.write(table(output.labels).render(width: terminal.width, colour: false))
        }
        if let notice = output.notice { terminal.writeLine(notice) }
        terminal.writeLine("? for help")
    }

    private func table(_ labels: [Label]) -> Table {
        let rows = labels.enumerated().map { index, label in
            [
                "\(index + 1)", VisibleText.line(label.name.value), "#\(label.color.hex)",
                VisibleText.line(label.description),
            ]
        }
        return Table(headers: ["#", "NAME", "COLOR", "DESCRIPTION"], rows: rows, flexibleColumn: 3)
    }
}
