import ArgumentParser
import Interchange
import LineFront
import TrackerCore
import TrackerUI

extension StateFilter {
    /// `milestone list --state`: which milestones, nil for all of them.
    var milestoneState: MilestoneState? {
        switch self {
        case .open: .open
        case .closed: .closed
        case .all: nil
        }
    }
}

struct MilestoneCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "milestone",
        abstract:
            "Group issues into milestones: create, list with progress, show a burndown, edit, close, reopen, delete.",
        discussion: """
            Milestones are named by title (1–256 characters, unique ignoring case) or by the number \
            `milestone list` shows (3 or #3; a title made of digits is found by its title first). Due \
            dates are YYYY-MM-DD, due at midnight UTC.
            """,
        subcommands: [
            Create.self, List.self, Show.self, Edit.self, SetState<Closing>.self, SetState<Reopening>.self,
            DeleteCommand<MilestoneKind>.self,
        ]
    )

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "create", abstract: "Create a milestone.",
            discussion: "Prints \"Created milestone 'TITLE' (#N)\".")

        @Argument(help: "The milestone's title.")
        var title: String

        @Option(help: "The due date, YYYY-MM-DD.")
        var due: String?

        @Option(help: "A description (at most 65,536 characters).")
        var description = ""

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            let title = try MilestoneTitle(title)
            let dueOn = try due.map { text throws(TrackerError) in try DueDate.parse(text) }
            let description = try Milestone.validDescription(description)
            let root = try await CompositionRoot.open(global)
            try await MilestoneKind.change(.create(title, description: description, due: dueOn), on: root)
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List milestones, open first (soonest due first), with their progress.",
            discussion: """
                Each shows its open and closed issues, the percent done (closed of all), and its due \
                date, marked overdue once it has passed while open. --json prints number, title, \
                description, dueOn, state (OPEN or CLOSED), openIssues, closedIssues and percentDone.
                """)

        @Option(
            name: [.customShort("s"), .long], help: "open, closed or all (any case).",
            completion: .list(StateFilter.allCases.map(\.rawValue)))
        var state = StateFilter.open.rawValue

        @OptionGroup var jsonOutput: JSONOptions

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            let state = try StateFilter(parsing: state)
            let fields = try jsonOutput.fields(available: JSONFieldList.milestone)
            let transform = try jsonOutput.transform(environment: ProcessEnvironment.values)
            let root = try await CompositionRoot.open(global, schema: .read)
            try await list(state.milestoneState, fields: fields, transform: transform, on: root)
        }

        @MainActor
        private func list(
            _ state: MilestoneState?, fields: JSONFieldList?, transform: JSONTransform?, on root: CompositionRoot
        ) async throws {
            let output = try await drive(root.milestones(), inputs: [.list(state: state)])
            try JSONOutput.write(transform, to: root.terminal) {
                MilestoneTableView(json: jsonOutput.json, fields: fields).render(
                    output.items, showsState: output.query != .open, to: $0)
            }
        }
    }

    /// `milestone close` and `milestone reopen`: one command, by the state it sets.
    struct SetState<Target: MilestoneStateTarget>: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(commandName: Target.commandName, abstract: Target.abstract)
        }

        @Argument(help: "The milestone's title or number.")
        var title: String

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            _ = try MilestoneTitle(title)
            let root = try await CompositionRoot.open(global)
            try await MilestoneKind.change(
                .setState(try await root.names.milestoneTitle(title), Target.state), on: root)
        }
    }

    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit",
            abstract: "Change a milestone's title, description or due date (its issues stay in it).")

        @Argument(help: "The milestone's current title or number.")
        var title: String

        @Option(name: .customLong("title"), help: "A new title (not taken).")
        var newTitle: String?

        @Option(help: "A new description (empty to clear it).")
        var description: String?

        @Option(help: "A new due date, YYYY-MM-DD.")
        var due: String?

        @Flag(help: "Clear the due date.")
        var noDue = false

        @OptionGroup var global: GlobalOptions

        func validate() throws {
            if due != nil && noDue { throw ValidationError("give --due or --no-due, not both") }
        }

        func run() async throws {
            _ = try MilestoneTitle(title)
            let dueChange: MilestoneChange.Due? =
                if let due { .on(try DueDate.parse(due)) } else { noDue ? .cleared : nil }
            let change = try MilestoneChange(
                title: try newTitle.map { try MilestoneTitle($0) }, description: description, due: dueChange)
            let root = try await CompositionRoot.open(global)
            try await MilestoneKind.change(.edit(try await root.names.milestoneTitle(title), change), on: root)
        }
    }
}

/// What `milestone close` and `milestone reopen` set, and how each is named.
protocol MilestoneStateTarget: Sendable {
    static var state: MilestoneState { get }
    static var commandName: String { get }
    static var abstract: String { get }
}

enum Closing: MilestoneStateTarget {
    static let state = MilestoneState.closed
    static let commandName = "close"
    static let abstract = "Close a milestone (closing a closed one changes nothing)."
}

enum Reopening: MilestoneStateTarget {
    static let state = MilestoneState.open
    static let commandName = "reopen"
    static let abstract = "Reopen a closed milestone (reopening an open one changes nothing)."
}
