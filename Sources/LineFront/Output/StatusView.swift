import Interchange
import TerminalKit
import TrackerCore

/// `tracker status`, as `gh issue status` shows it: the acting user's open issues assigned to
/// them, mentioning them and opened by them, a few of each with how many more there are; or
/// `{"assigned": {"issues": […], "totalCount": N}, "mentioned": …, "opened": …}`.
@MainActor
public struct StatusView {
    nonisolated public static let jsonFields = IssueField.listFields.filter { $0 != .comments }

    public let format: OutputFormat
    public let now: () -> Timestamp

    public init(format: OutputFormat, now: @escaping () -> Timestamp = Timestamp.now) {
        self.format = format
        self.now = now
    }

    private var sections:
        [(key: String, heading: String, none: String, section: KeyPath<IssueStatus, IssueStatus.Section>)]
    {
        [
            ("assigned", "Issues assigned to you", "There are no issues assigned to you", \.assigned),
            ("mentioned", "Issues that mention you", "There are no issues mentioning you", \.mentioned),
            ("opened", "Issues opened by you", "There are no issues opened by you", \.opened),
        ]
    }

    public func render(_ status: IssueStatus, to terminal: any Terminal) {
        render([ProjectStatus(project: nil, status: status)], to: terminal)
    }

    /// Every project's status, grouped under its key and name; JSON keeps the session's project's
    /// sections at the top, as before projects, with `"projects": [{key, name, assigned, …}]` beside
    /// them when there are several.
    public func render(_ parts: [ProjectStatus], to terminal: any Terminal) {
        guard let first = parts.first else { return }
        switch format {
        case .json(let fields):
            var object = json(first.status, fields: fields)
            if parts.count > 1 {
                object["projects"] = .array(
                    parts.map { part in
                        var entry = json(part.status, fields: fields)
                        entry["key"] = JSONValue(part.project?.key.value)
                        entry["name"] = JSONValue(part.project?.name)
                        return .object(entry)
                    })
            }
            ProgramOutput.writeJSON(.object(object), to: terminal)
        case .table:
            guard parts.count > 1 else { return terminal.write(text(first.status, width: terminal.width)) }
            let width = terminal.width.map { $0 - 2 }
            let groups = parts.map { part in
                let heading = part.project.map { VisibleText.line("\($0.key) (\($0.name))") } ?? ""
                let body = text(part.status, width: width).split(separator: "\n", omittingEmptySubsequences: false)
                    .dropLast().map { $0.isEmpty ? "" : "  " + $0 }
                return ([heading] + body).joined(separator: "\n") + "\n"
            }
            terminal.write(groups.joined(separator: "\n"))
        }
    }

    private func json(_ status: IssueStatus, fields: [IssueField]) -> [String: JSONValue] {
        var object: [String: JSONValue] = [:]
        for part in sections {
            let section = status[keyPath: part.section]
            object[part.key] = [
                "issues": .array(section.issues.map { IssueJSON.object($0, fields: fields) }),
                "totalCount": .integer(Int64(section.total)),
            ]
        }
        return object
    }

    private func text(_ status: IssueStatus, width: Int?) -> String {
        let moment = now()
        let rows = sections.map { part in
            status[keyPath: part.section].issues.map { issue in
                (
                    number: "#\(issue.number.value)", title: VisibleText.line(issue.title),
                    updated: "updated " + RelativeTime.describe(issue.updatedAt, now: moment)
                )
            }
        }
        let all = rows.flatMap { $0 }
        let numberWidth = all.map { $0.number.count }.max() ?? 0
        var titleWidth = all.map { DisplayWidth.of($0.title) }.max() ?? 0
        if let width {
            let updatedWidth = all.map { DisplayWidth.of($0.updated) }.max() ?? 0
            titleWidth = max(8, min(titleWidth, width - numberWidth - updatedWidth - 6))
        }
        var lines: [String] = []
        for (part, rows) in zip(sections, rows) {
            let section = status[keyPath: part.section]
            if !lines.isEmpty { lines.append("") }
            lines.append(part.heading)
            guard !rows.isEmpty else {
                lines.append("  " + part.none)
                continue
            }
            for row in rows {
                let title = Table.cut(row.title, to: titleWidth)
                let padding = String(repeating: " ", count: max(0, titleWidth - DisplayWidth.of(title)))
                let number = row.number + String(repeating: " ", count: numberWidth - row.number.count)
                lines.append("  \(number)  \(title)\(padding)  \(row.updated)")
            }
            let more = section.total - rows.count
            if more > 0 { lines.append("  … and \(more) more") }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
