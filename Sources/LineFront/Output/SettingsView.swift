import Interchange
import TerminalKit

/// `tracker config list` and `tracker alias list`: a table on a terminal, tab-separated for a
/// program (`key`, `value`, `source`; `name`, `expansion`), or JSON arrays of the same fields.
@MainActor
public struct SettingsView {
    nonisolated public static let configFields = ["key", "source", "value"]
    nonisolated public static let aliasFields = ["expansion", "name"]

    public let json: Bool
    /// `--json FIELDS`: only these fields; nil for all.
    public let fields: JSONFieldList?

    public init(json: Bool, fields: JSONFieldList? = nil) {
        self.json = json
        self.fields = fields
    }

    /// Each setting as it applies: its value and where it came from.
    public func render(settings: [(key: String, value: String, source: String)], to terminal: any Terminal) {
        let rows = settings.map { [$0.key, $0.value, $0.source] }
        render(rows, names: ["key", "value", "source"], none: nil, to: terminal)
    }

    public func render(aliases: [(name: String, expansion: String)], to terminal: any Terminal) {
        let rows = aliases.map { [$0.name, $0.expansion] }
        render(
            rows, names: ["name", "expansion"], none: "No aliases. Add one with `tracker alias set NAME 'list …'`.",
            to: terminal)
    }

    private func render(_ rows: [[String]], names: [String], none: String?, to terminal: any Terminal) {
        if json {
            let objects = rows.map { row in
                JSONValue.object(Dictionary(uniqueKeysWithValues: zip(names, row.map(JSONValue.string))))
            }
            return ProgramOutput.writeJSON(JSONFieldList.apply(fields, to: .array(objects)), to: terminal)
        }
        if ProgramOutput.isForProgram(terminal) { return ProgramOutput.writeRows(rows, to: terminal) }
        if rows.isEmpty, let none { return terminal.writeLine(none) }
        let table = Table(
            headers: names.map { $0.uppercased() }, rows: rows.map { $0.map(VisibleText.line) }, flexibleColumn: 1)
        terminal.write(table.render(width: terminal.width, colour: terminal.usesColor))
    }

    /// What `config set`, `config unset`, `alias set` and `alias delete` did, in one line.
    nonisolated public static func describe(set key: String, to value: String?, kind: String) -> String {
        guard let value else { return VisibleText.line("Removed \(kind) '\(key)'") }
        return VisibleText.line("Set \(kind) '\(key)' to '\(value)'")
    }
}
