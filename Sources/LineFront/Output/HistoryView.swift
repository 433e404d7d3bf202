import Interchange
import TerminalKit
import TrackerCore

/// The versions of a text (`show N --history`), as a table or gh-style JSON; and what one version
/// changed (`tracker diff N [VERSION]`, the issue screen's `h N`) as a unified diff, removed lines
/// in red and added in green when the terminal shows colour.
@MainActor
public struct HistoryView {
    public let json: Bool
    public let fields: JSONFieldList?

    public init(json: Bool = false, fields: JSONFieldList? = nil) {
        self.json = json
        self.fields = fields
    }

    /// `subject`: what the versions are of (`issue #12`, `comment 5`).
    public func render(_ history: TextHistory, of subject: String, to terminal: any Terminal) {
        if json {
            ProgramOutput.writeJSON(
                JSONFieldList.apply(fields, to: .array(history.versions.map(IssueJSON.version))), to: terminal)
            return
        }
        if let first = history.firstKept {
            terminal.writeLine("Versions 1–\(first - 1) of \(subject) were edited before tracker kept history.")
        }
        let rows = zip([nil] + history.versions.dropLast().map(Optional.some), history.versions).map { before, after in
            [
                "\(after.version)", after.writtenAt.iso8601, after.author.value,
                Self.summary(VersionChange(before: before, after: after)),
            ]
        }
        if ProgramOutput.isForProgram(terminal) { return ProgramOutput.writeRows(rows, to: terminal) }
        let table = Table(headers: ["VERSION", "WRITTEN", "BY", "CHANGE"], rows: rows, flexibleColumn: 3)
        terminal.write(table.render(width: terminal.width, colour: terminal.usesColor))
    }

    /// `written`, `title and body (+3 −1 lines)`, …
    static func summary(_ change: VersionChange) -> String {
        guard change.before != nil else { return "written" }
        let lines = change.bodyDiff.lines
        let added = lines.count { if case .added = $0 { true } else { false } }
        let removed = lines.count { if case .removed = $0 { true } else { false } }
        let body = added + removed > 0 ? "body (+\(added) −\(removed) lines)" : nil
        let title = change.titleChange.map { "title \"\(VisibleText.line($0.to))\"" }
        return [title, body].compactMap(\.self).joined(separator: " and ").nonEmpty ?? "no change"
    }

    /// Who wrote the version and when, the title's change, then the body's hunks.
    public func renderChange(_ change: VersionChange, of subject: String, to terminal: any Terminal) {
        let colour = terminal.usesColor
        let after = change.after
        let from = change.before.map { " (from version \($0.version) by \($0.author))" } ?? " (the first kept)"
        terminal.writeLine(
            Table.styled(
                "Version \(after.version) of \(subject) by \(after.author), \(after.writtenAt.iso8601)", "1",
                enabled: colour) + from)
        if let title = change.titleChange {
            terminal.writeLine(Table.styled("- title: \(VisibleText.line(title.from))", "31", enabled: colour))
            terminal.writeLine(Table.styled("+ title: \(VisibleText.line(title.to))", "32", enabled: colour))
        }
        DiffLinesView.render(from: change.before?.body ?? "", to: after.body, to: terminal)
    }
}

extension String {
    fileprivate var nonEmpty: String? { isEmpty ? nil : self }
}
