import ArgumentParser
import Interchange
import LineFront
import TrackerCore
import TrackerUI

/// What `label …` and `milestone …` have alike: each change drives the tab's view model once, with
/// no list loaded, and is said as the tab says it; deleting asks for `--yes` first.
protocol OrganizationKind: Sendable {
    associatedtype Model: ViewModel

    /// `actor`: who a deletion is recorded under; nil where nothing is deleted.
    @MainActor static func viewModel(on root: CompositionRoot, actor: Login?) -> Model
    /// What the tab says the change did.
    @MainActor static func said(_ output: Model.Output) -> String?
    /// What `delete` deletes, named as typed (a milestone by its title or number).
    @MainActor static func deletion(of name: String, on root: CompositionRoot) async throws -> Model.Input
    static var deletionAbstract: String { get }
    /// The argument's name and help (`<name>`, "The label's name.").
    static var deletedValue: (name: String, help: String) { get }
    /// Why `delete` wants `--yes`, for the one typed.
    static func confirmation(_ name: String) -> String
}

extension OrganizationKind {
    /// Drives the change; `acting`: it is recorded in the acting user's name (checked with it).
    @MainActor
    static func change(_ input: Model.Input, on root: CompositionRoot, acting: Bool = false) async throws {
        let actor = acting ? try await root.actingUser().login : nil
        let output = try await drive(viewModel(on: root, actor: actor), inputs: [input])
        if let said = said(output) { root.terminal.writeLine(said) }
    }
}

/// `label delete` and `milestone delete`: one command, by what it deletes.
struct DeleteCommand<Kind: OrganizationKind>: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "delete", abstract: Kind.deletionAbstract)
    }

    @Argument(help: ArgumentHelp(Kind.deletedValue.help, valueName: Kind.deletedValue.name))
    var name: String

    @Flag(help: "Confirm the deletion.")
    var yes = false

    @OptionGroup var global: GlobalOptions

    func validate() throws {
        guard yes else { throw ValidationError(Kind.confirmation(name)) }
    }

    func run() async throws {
        let root = try await CompositionRoot.open(global)
        try await Kind.change(try await Kind.deletion(of: name, on: root), on: root, acting: true)
    }
}

enum LabelKind: OrganizationKind {
    static func viewModel(on root: CompositionRoot, actor: Login?) -> LabelsViewModel { root.labels(actor: actor) }
    static func said(_ output: LabelsViewModel.Output) -> String? { output.notice.map(LabelsCommands.describe) }
    static func deletion(of name: String, on root: CompositionRoot) throws -> LabelsViewModel.Input {
        .delete(try LabelName(name))
    }
    static let deletionAbstract = "Delete a label, removing it from every issue (recorded on their timelines)."
    static let deletedValue = (name: "name", help: "The label's name.")

    static func confirmation(_ name: String) -> String {
        "deleting label '\(name)' removes it from every issue: add --yes to delete it"
    }
}

enum MilestoneKind: OrganizationKind {
    static func viewModel(on root: CompositionRoot, actor: Login?) -> MilestonesViewModel {
        root.milestones(actor: actor)
    }

    static func said(_ output: MilestonesViewModel.Output) -> String? {
        output.notice.map(MilestonesCommands.describe)
    }

    static func deletion(of name: String, on root: CompositionRoot) async throws -> MilestonesViewModel.Input {
        .delete(try await root.names.milestoneTitle(name))
    }
    static let deletionAbstract = "Delete a milestone, taking its issues out of it (recorded on their timelines)."
    static let deletedValue = (name: "title", help: "The milestone's title or number (as `milestone list` shows it).")

    static func confirmation(_ name: String) -> String {
        "deleting milestone '\(name)' takes every issue out of it: add --yes to delete it"
    }
}
