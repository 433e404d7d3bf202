import Interchange
import TerminalKit
import TrackerCore

/// `label list`: the labels as a table (each name in its colour), for a program tab-separated
/// `name`, `description`, `color` (`#d73a4a`) as gh prints them, or a JSON array of gh's
/// `{name, color, description}`.
@MainActor
public struct LabelTableView {
    public let json: Bool
    /// `--json FIELDS`: only these fields; nil for all.
    public let fields: JSONFieldList?

    public init(json: Bool, fields: JSONFieldList? = nil) {
        self.json = json
        self.fields = fields
    }

    /// `searched`: the list was narrowed by a search, so an empty one says nothing matched.
    public func render(_ labels: [Label], searched: Bool, to terminal: any Terminal) {
        if json {
            ProgramOutput.writeJSON(JSONFieldList.apply(fields, to: .array(labels.map(IssueJSON.label))), to: terminal)
            return
        }
        let none =
            searched ? "No labels match." : "No labels. Create one with `tracker label create NAME --color RRGGBB`."
        if ProgramOutput.isForProgram(terminal) {
            let rows = labels.map { [$0.name.value, $0.description, "#" + $0.color.hex] }
            return ProgramOutput.writeRows(rows, none: none, to: terminal)
        }
        guard !labels.isEmpty else { return terminal.writeLine(none) }
        let names = labels.map { LabelColors.cell([$0], depth: terminal.colorDepth) }
        var table = Table(
            headers: ["NAME", "DESCRIPTION", "COLOR"],
            rows: labels.enumerated().map { index, label in
                [names[index].text, VisibleText.line(label.description), "#" + label.color.hex]
            },
            flexibleColumn: 1)
        table.cellRuns[0] = names.map(\.runs)
        terminal.write(table.render(width: terminal.width, colour: terminal.usesColor))
    }
}
