import ArgumentParser
import Interchange
import LineFront
import TrackerCore
import TrackerUI

struct UndoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "undo",
        abstract: "Take back your last change (as taskwarrior's task undo); --list shows what that is.",
        discussion: """
            Your last change is everything one command of yours did (a close of three issues is one change). \
            It is refused, changing nothing, if anyone changed those issues since. The undo is itself a change: \
            `tracker undo` again puts it back. An import is taken back with `tracker import --undo`.
            """)

    @Flag(help: "Show what `tracker undo` would take back, and whether it can.")
    var list = false

    @Flag(help: "Print the change as JSON (id, madeAt, undo, blocked, events; --json FIELDS: only those).")
    var json = false

    @Option(name: .customLong("json-fields"), help: .hidden)
    var jsonFields: String?

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let fields = try JSONFieldList.selection(jsonFields, available: JSONFieldList.undoable)
        let root = try await CompositionRoot.open(global)
        try await undo(fields: fields, on: root)
    }

    @MainActor
    private func undo(fields: JSONFieldList?, on root: CompositionRoot) async throws {
        let actor = try await root.actingUser().login
        let output = try await drive(root.undo(actor: actor), inputs: [list ? .preview : .undo])
        UndoView(json: json, fields: fields).render(output, to: root.terminal)
    }
}
