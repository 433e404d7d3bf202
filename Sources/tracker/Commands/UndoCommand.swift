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

    @OptionGroup var output: JSONOptions

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let fields = try output.fields(available: JSONFieldList.undoable)
        let transform = try output.transform(environment: ProcessEnvironment.values)
        let root = try await CompositionRoot.open(global)
        try await undo(fields: fields, transform: transform, on: root)
    }

    @MainActor
    private func undo(fields: JSONFieldList?, transform: JSONTransform?, on root: CompositionRoot) async throws {
        let actor = try await root.actingUser().login
        let undone = try await drive(root.undo(actor: actor), inputs: [list ? .preview : .undo])
        try JSONOutput.write(transform, to: root.terminal) {
            UndoView(json: output.json, fields: fields).render(undone, to: $0)
        }
    }
}
