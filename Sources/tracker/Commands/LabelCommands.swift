import ArgumentParser
import Interchange
import LineFront
import TrackerCore
import TrackerUI

struct LabelCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "label",
        abstract: "Create, list, edit and delete the labels issues carry.",
        discussion: """
            Names are 1–50 characters on one line, unique ignoring case. Colours are six hex digits \
            (d73a4a or #d73a4a); a label created without one gets one of gh's colours.
            """,
        subcommands: [Create.self, List.self, Edit.self, Delete.self]
    )

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "create",
            abstract: "Create a label.", discussion: "Prints \"Created label 'NAME' (#RRGGBB)\".")

        @Argument(help: "The label's name (1–50 characters).")
        var name: String

        @Option(
            name: [.customShort("c"), .long],
            help: "Six hex digits, e.g. d73a4a (picked from gh's colours when left out).")
        var color: String?

        @Option(name: [.customShort("d"), .long], help: "A one-line description (at most 100 characters).")
        var description = ""

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            let label = try Label(
                name: try LabelName(name), color: try color.map { try LabelColor($0) }, description: description)
            let root = try await CompositionRoot.open(global)
            try await LabelCommand.change(.create(label), on: root)
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List labels by name.",
            discussion: "--json prints an array of gh's {name, color, description}.")

        @Option(name: [.customShort("S"), .long], help: "Only labels whose name or description contains this text.")
        var search: String?

        @Flag(help: "Print a JSON array instead of a table (--json FIELDS: only those fields).")
        var json = false

        @Option(name: .customLong("json-fields"), help: .hidden)
        var jsonFields: String?

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            let fields = try JSONFieldList.selection(jsonFields, available: JSONFieldList.label)
            let root = try await CompositionRoot.open(global, schema: .read)
            try await list(fields: fields, on: root)
        }

        @MainActor
        private func list(fields: JSONFieldList?, on root: CompositionRoot) async throws {
            let output = try await drive(root.labels(), inputs: [.list(search: search)])
            LabelTableView(json: json, fields: fields).render(
                output.labels, searched: output.searched, to: root.terminal)
        }
    }

    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit",
            abstract: "Rename a label or change its colour or description (its issues keep it).")

        @Argument(help: "The label's current name.")
        var name: String

        @Option(name: [.customShort("n"), .customLong("name")], help: "A new name (1–50 characters, not taken).")
        var newName: String?

        @Option(name: [.customShort("c"), .long], help: "A new colour: six hex digits.")
        var color: String?

        @Option(name: [.customShort("d"), .long], help: "A new description (empty to clear it).")
        var description: String?

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            let current = try LabelName(name)
            let change = try LabelChange(
                name: try newName.map { try LabelName($0) }, color: try color.map { try LabelColor($0) },
                description: description)
            let root = try await CompositionRoot.open(global)
            try await LabelCommand.change(.edit(current, change), on: root)
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "delete",
            abstract: "Delete a label, removing it from every issue (recorded on their timelines).")

        @Argument(help: "The label's name.")
        var name: String

        @Flag(help: "Confirm the deletion.")
        var yes = false

        @OptionGroup var global: GlobalOptions

        func validate() throws {
            guard yes else {
                throw ValidationError(
                    "deleting label '\(name)' removes it from every issue: add --yes to delete it")
            }
        }

        func run() async throws {
            let name = try LabelName(name)
            let root = try await CompositionRoot.open(global)
            try await LabelCommand.change(.delete(name), on: root, acting: true)
        }
    }

    /// The Labels tab's change, driven once with no list loaded, and said as the tab says it.
    /// `acting`: the change is recorded in the acting user's name (checked with it).
    @MainActor
    static func change(_ input: LabelsViewModel.Input, on root: CompositionRoot, acting: Bool = false) async throws {
        let actor = acting ? try await root.actingUser().login : nil
        let output = try await drive(root.labels(actor: actor), inputs: [input])
        if let notice = output.notice { root.terminal.writeLine(LabelsCommands.describe(notice)) }
    }
}
