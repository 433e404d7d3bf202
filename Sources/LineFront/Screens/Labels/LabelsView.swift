import TerminalKit
import TrackerCore
import TrackerUI

/// Renders the Labels tab: the labels as a numbered table (name, colour, description; plain
/// text) in the tab's frame, then the last action's notice.
@MainActor
public struct LabelsView {
    public init() {}

    public func render(_ output: LabelsViewModel.Output, to terminal: any Terminal) {
        if let failure = output.failure { return terminal.writeFailure(failure) }
        TabFrameView(tab: .labels, terminal: terminal).render(
            count: output.items.count, table: table(output.items), empty: "No labels yet: n creates one.",
            notice: output.notice.map(LabelsCommands.describe))
    }

    public func table(_ labels: [Label]) -> Table {
        let rows = labels.enumerated().map { index, label in
            [
                "\(index + 1)", VisibleText.line(label.name.value), "#\(label.color.hex)",
                VisibleText.line(label.description),
            ]
        }
        return Table(headers: ["#", "NAME", "COLOR", "DESCRIPTION"], rows: rows, flexibleColumn: 3)
    }
}
