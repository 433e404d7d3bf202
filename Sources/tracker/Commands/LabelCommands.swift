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
        subcommands: [Create.self, List.self, Edit.self, DeleteCommand<LabelKind>.self]
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
            try await LabelKind.change(.create(label), on: root)
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List labels by name.",
            discussion: "--json prints an array of gh's {name, color, description}.")

        @Option(name: [.customShort("S"), .long], help: "Only labels whose name or description contains this text.")
        var search: String?

        @OptionGroup var jsonOutput: JSONOptions

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            let fields = try jsonOutput.fields(available: JSONFieldList.label)
            let transform = try jsonOutput.transform(environment: ProcessEnvironment.values)
            let root = try await CompositionRoot.open(global, schema: .read)
            try await list(fields: fields, transform: transform, on: root)
        }

        @MainActor
        private func list(fields: JSONFieldList?, transform: JSONTransform?, on root: CompositionRoot) async throws {
            let output = try await drive(root.labels(), inputs: [.list(search: search)])
            try JSONOutput.write(transform, to: root.terminal) {
                LabelTableView(json: jsonOutput.json, fields: fields).render(
                    output.items, searched: output.query != nil, to: $0)
            }
        }
    }

    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit", abstract: "Rename a label or change its colour or description (its issues keep it).")

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
            try await LabelKind.change(.edit(current, change), on: root)
        }
    }
}
