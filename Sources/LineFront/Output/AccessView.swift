import Interchange
import TerminalKit
import TrackerCore
import TrackerUI

/// `tracker access …`: what a grant or a revocation did, in one line; `list`, a level and who
/// holds it per line (`-` and a hint for a user who still needs a role), for a program
/// tab-separated `level`, `login`, `role` (empty when there is none), or a JSON array of
/// `{login, role, level}`.
@MainActor
public struct AccessView {
    public let json: Bool
    /// `--json FIELDS`: only these fields; nil for all.
    public let fields: JSONFieldList?

    public init(json: Bool = false, fields: JSONFieldList? = nil) {
        self.json = json
        self.fields = fields
    }

    nonisolated public static func describe(_ change: AccessViewModel.Change) -> String {
        switch change {
        case .granted(let level, let who): VisibleText.line("\(who) has \(level.rawValue) on this tracker")
        case .revoked(let who): VisibleText.line("\(who) has no access to this tracker")
        case .grantedInProject(let level, let who): VisibleText.line("\(who) has \(level.rawValue) on this project")
        case .revokedInProject(let who): VisibleText.line("\(who) has their tracker-wide level on this project")
        }
    }

    public func render(_ entries: [AccessEntry], to terminal: any Terminal) {
        if json {
            let objects = entries.map { entry in
                JSONValue.object([
                    "login": JSONValue(entry.login?.value), "role": JSONValue(entry.role),
                    "level": JSONValue(entry.level?.rawValue),
                ])
            }
            ProgramOutput.writeJSON(JSONFieldList.apply(fields, to: .array(objects)), to: terminal)
            return
        }
        if ProgramOutput.isForProgram(terminal) {
            let rows = entries.map { [$0.level?.rawValue ?? "", $0.login?.value ?? "", $0.role ?? ""] }
            return ProgramOutput.writeRows(rows, to: terminal)
        }
        for entry in entries {
            let name = entry.level?.rawValue ?? "-"
            let level = name + String(repeating: " ", count: max(1, 9 - name.count))
            if entry.level != nil {
                let who = entry.login.map { "\($0.value) (role \(entry.role ?? ""))" } ?? "role \(entry.role ?? "")"
                terminal.writeLine(VisibleText.line(level + who))
            } else if let login = entry.login {
                terminal.writeLine(
                    VisibleText.line(
                        level + "\(login.value): needs a role (`tracker users add \(login.value) --role ROLE`)"))
            }
        }
    }
}
