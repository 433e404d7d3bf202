import Interchange
import TerminalKit
import TrackerCore
import TrackerUI

/// `users list`: a login and a name per line, the names lined up (for a program tab-separated
/// `login`, `name`), or a JSON array of `{login, name}`; nobody found is said in a line.
@MainActor
public struct UserListView {
    public let json: Bool
    /// `--json FIELDS`: only these fields; nil for all.
    public let fields: JSONFieldList?

    public init(json: Bool, fields: JSONFieldList? = nil) {
        self.json = json
        self.fields = fields
    }

    public func render(_ output: PeopleViewModel.Output, to terminal: any Terminal) {
        let users = output.users
        if json {
            let objects = users.map { JSONValue.object(["login": .string($0.login.value), "name": .string($0.name)]) }
            ProgramOutput.writeJSON(JSONFieldList.apply(fields, to: .array(objects)), to: terminal)
            return
        }
        if ProgramOutput.isForProgram(terminal) {
            let none = output.notice.map(PeopleCommands.describe)
            return ProgramOutput.writeRows(users.map { [$0.login.value, $0.name] }, none: none, to: terminal)
        }
        if let notice = output.notice { return terminal.writeLine(PeopleCommands.describe(notice)) }
        let width = users.map(\.login.value.count).max() ?? 0
        for user in users {
            let padding = String(repeating: " ", count: width - user.login.value.count)
            terminal.writeLine(VisibleText.line(user.login.value + padding + "  " + user.name))
        }
    }
}
