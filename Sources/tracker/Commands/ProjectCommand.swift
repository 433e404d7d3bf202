import ArgumentParser
import Interchange
import LineFront
import TrackerCore
import TrackerUI

/// `tracker project`: which project is in effect and why; `create`, `list`, `edit`, `archive`,
/// `unarchive` manage the tracker's projects (admin).
struct ProjectCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "project",
        abstract: "Projects: which one is in effect and why, and create, list, edit, archive.",
        discussion: """
            Each issue belongs to one project and is numbered within it (web#12). A command works in \
            the project of -R/--project KEY, else TRACKER_PROJECT, else `project = "KEY"` in a .tracker \
            file in this folder or one above, else the project whose --remote is this git clone's \
            origin, else your config's project, else the tracker's default project.
            """,
        subcommands: [
            Current.self, Create.self, List.self, Edit.self, SetArchived<Archiving>.self, SetArchived<Unarchiving>.self,
        ],
        defaultSubcommand: Current.self
    )

    struct Current: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "current", abstract: "The project in effect here, and why.")

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            let root = try await CompositionRoot.open(global, schema: .read)
            try await show(on: root)
        }

        @MainActor
        private func show(on root: CompositionRoot) async throws {
            guard let project = try await drive(root.projects(), inputs: [.current]).current else { return }
            root.terminal.writeLine(ProjectsView.describe(current: project, chosen: root.project.reason))
        }
    }

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "create",
            abstract: "Create a project (admin); inside a git clone it records the origin, unless a project has it.")

        @Argument(help: "The key: a letter, then up to 39 letters, digits, '-', '_' or '.' (e.g. web).")
        var key: String

        @Option(help: "Its name (default: the key).")
        var name: String?

        @Option(help: "The git remote whose clones choose this project (default: this clone's origin).")
        var remote: String?

        @Flag(help: "Record no remote, even inside a clone.")
        var noRemote = false

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            let here = FileManager.default.currentDirectoryPath
            let origin = noRemote || remote != nil ? nil : GitOrigin.find(fromPath: here)?.remote.url
            let root = try await CompositionRoot.open(global)
            try await ProjectCommand.change(
                .create(key: key, name: name, remote: remote ?? origin, offered: origin != nil), on: root)
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "Every project: key, name, remote, default or archived.")

        @OptionGroup var output: JSONOptions

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            let fields = try output.fields(available: JSONFieldList.projects)
            let transform = try output.transform(environment: ProcessEnvironment.values)
            let root = try await CompositionRoot.open(global, schema: .read)
            try await list(fields: fields, transform: transform, on: root)
        }

        @MainActor
        private func list(fields: JSONFieldList?, transform: JSONTransform?, on root: CompositionRoot) async throws {
            let projects = try await drive(root.projects(), inputs: [.list]).projects
            try JSONOutput.write(transform, to: root.terminal) {
                ProjectsView(json: output.json, fields: fields).render(projects, to: $0)
            }
        }
    }

    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit", abstract: "Change a project's key, name or remote, or make it the default (admin).")

        @Argument(help: "The project's key.")
        var key: String

        @Option(name: .customLong("key"), help: "A new key (its issues keep their numbers).")
        var newKey: String?

        @Option(help: "A new name.")
        var name: String?

        @Option(help: "The git remote whose clones choose this project.")
        var remote: String?

        @Flag(help: "Forget the remote.")
        var noRemote = false

        @Flag(help: "Make it the tracker's default project.")
        var makeDefault = false

        @Option(
            help: ArgumentHelp(
                "The level everyone with a level on the tracker has here (none makes it private); tracker: theirs.",
                valueName: "none|read|triage|write|maintain|tracker"))
        var defaultLevel: String?

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            var edit = ProjectEdit(
                key: try newKey.map { try ProjectKey($0) }, name: try name.map { try Project.checkedName($0) },
                remote: try remote.map { try GitRemote($0) }, clearsRemote: noRemote, makesDefault: makeDefault)
            if let defaultLevel {
                edit.defaultLevel = .some(defaultLevel == "tracker" ? nil : try ProjectLevel(choosing: defaultLevel))
            }
            try await ProjectCommand.change(.edit(key: key, edit), on: try await CompositionRoot.open(global))
        }
    }

    /// `archive` and `unarchive`: one command, said two ways.
    struct SetArchived<Mode: ArchiveMode>: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(commandName: Mode.commandName, abstract: Mode.abstract)
        }

        @Argument(help: "The project's key.")
        var key: String

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            try await ProjectCommand.change(
                .edit(key: key, ProjectEdit(archived: Mode.archives)), on: try await CompositionRoot.open(global))
        }
    }

    @MainActor
    static func change(_ input: ProjectsViewModel.Input, on root: CompositionRoot) async throws {
        let output = try await drive(root.projects(), inputs: [input])
        if let change = output.change { root.terminal.writeLine(ProjectsView.describe(change)) }
    }
}

/// `tracker move N PROJECT`: gh's `issue transfer`.
struct MoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "move",
        abstract: "Move an issue to another project (gh's issue transfer), keeping its timeline and comments.",
        discussion: """
            It gets the next number there; labels and the milestone stay where the project has one of the \
            same name; the old number points to the new one.
            """,
        aliases: ["transfer"]
    )

    @Argument(help: "The issue's number in this project.")
    var number: String

    @Argument(help: "The project's key.")
    var project: String

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let number = try IssueReference.number(number)
        let root = try await CompositionRoot.open(global)
        try await move(number, on: root)
    }

    @MainActor
    private func move(_ number: IssueNumber, on root: CompositionRoot) async throws {
        let me = try await root.actingUser().login
        let output = try await drive(root.projects(actor: me), inputs: [.move(number, to: project)])
        if let change = output.change { root.terminal.writeLine(ProjectsView.describe(change)) }
    }
}

protocol ArchiveMode: Sendable {
    static var commandName: String { get }
    static var abstract: String { get }
    static var archives: Bool { get }
}

enum Archiving: ArchiveMode {
    static let commandName = "archive"
    static let abstract = "Make a project read-only, as GitHub archives a repository (admin)."
    static let archives = true
}

enum Unarchiving: ArchiveMode {
    static let commandName = "unarchive"
    static let abstract = "Open an archived project for changes again (admin)."
    static let archives = false
}
