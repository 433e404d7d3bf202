import Interchange
import TerminalKit
import TrackerCore
import TrackerUI

/// `tracker project …` and `tracker move`: a change in one line; `list`, a project per line (key,
/// name, remote, default or archived), for a program tab-separated, or a JSON array of
/// `{key, name, remote, default, archived}`.
@MainActor
public struct ProjectsView {
    public let json: Bool
    public let fields: JSONFieldList?

    public init(json: Bool = false, fields: JSONFieldList? = nil) {
        self.json = json
        self.fields = fields
    }

    nonisolated public static func describe(_ change: ProjectsViewModel.Change) -> String {
        switch change {
        case .created(let project):
            let remote = project.remote.map { ", chosen in clones of \($0)" } ?? ""
            return VisibleText.line("Created project \(project.key) (\(project.name))\(remote)")
        case .edited(let key, let edit):
            switch edit.archived {
            case true?: return VisibleText.line("Archived project \(key): its issues are read-only")
            case false?: return VisibleText.line("Unarchived project \(key)")
            case nil: return VisibleText.line("Edited project \(key)")
            }
        case .moved(let moved):
            return VisibleText.line(
                "Moved issue \(moved.from) to \(moved.project)#\(moved.number.value) "
                    + "(the old number points there)")
        }
    }

    /// `tracker project`: the project in effect, and why.
    nonisolated public static func describe(current project: Project, chosen reason: ProjectChoiceReason) -> String {
        let why: String
        switch reason {
        case .flag: why = "named by -R/--project"
        case .issueReference: why = "named by the issue's reference"
        case .environment: why = "named by TRACKER_PROJECT"
        case .file(let path): why = "named by \(path)"
        case .settings(let path): why = "named by project in \(path)"
        case .remote(let remote, let config):
            let matched = project.repository == remote.repository
            why =
                matched
                ? "its remote is this clone's origin (\(remote.url))"
                : "the tracker's default project (no project has this clone's origin, \(remote.url), from \(config))"
        case .importedRepository(let remote): why = "its remote is the imported issues' repository (\(remote.url))"
        case .defaultProject: why = "the tracker's default project"
        }
        let archived = project.isArchived ? " (archived)" : ""
        return VisibleText.line("\(project.key) (\(project.name))\(archived): \(why)")
    }

    nonisolated public static func mark(_ project: Project) -> String {
        [project.isDefault ? "default" : nil, project.isArchived ? "archived" : nil].compactMap { $0 }
            .joined(separator: ", ")
    }

    public func render(_ projects: [Project], to terminal: any Terminal) {
        if json {
            let objects = projects.map { project in
                JSONValue.object([
                    "key": JSONValue(project.key.value), "name": JSONValue(project.name),
                    "remote": JSONValue(project.remote), "default": .bool(project.isDefault),
                    "archived": .bool(project.isArchived),
                ])
            }
            ProgramOutput.writeJSON(JSONFieldList.apply(fields, to: .array(objects)), to: terminal)
            return
        }
        let rows = projects.map { [$0.key.value, $0.name, $0.remote ?? "", ProjectsView.mark($0)] }
        if ProgramOutput.isForProgram(terminal) { return ProgramOutput.writeRows(rows, to: terminal) }
        let width = (rows.map { $0[0].count }.max() ?? 0) + 2
        for row in rows {
            let (key, name, remote, mark) = (row[0], row[1], row[2], row[3])
            let details = [remote, mark.isEmpty ? "" : "(\(mark))"].filter { !$0.isEmpty }.joined(separator: "  ")
            let padded = key + String(repeating: " ", count: width - key.count)
            terminal.writeLine(VisibleText.line(padded + name + (details.isEmpty ? "" : "  " + details)))
        }
    }
}
