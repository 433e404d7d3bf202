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
        abstract: "Group issues into milestones: create, list with progress, edit, close, reopen, delete.",
        discussion: """
            Milestones are named by title (1–256 characters, unique ignoring case). Due dates are \
            YYYY-MM-DD, due at midnight UTC.
            """,
        subcommands: [Create.self, List.self, Edit.self, Close.self, Reopen.self, Delete.self]
    )

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "create",
            abstract: "Create a milestone.", discussion: "Prints \"Created milestone 'TITLE' (#N)\".")

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
            let created = try await root.manageMilestones.create(title: title, description: description, dueOn: dueOn)
            Say.line("Created milestone '\(created.title)' (#\(created.number))")
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

        @Flag(help: "Print a JSON array instead of a table (--json FIELDS: only those fields).")
        var json = false

        @Option(name: .customLong("json-fields"), help: .hidden)
        var jsonFields: String?

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            let state = try StateFilter(parsing: state)
            let fields = try JSONFieldList.selection(jsonFields, available: JSONFieldList.milestone)
            let root = try await CompositionRoot.open(global, schema: .read)
            let milestones = try await root.manageMilestones.list(state: state.milestoneState)
            await MilestoneTableView(json: json, fields: fields).render(
                milestones, showsState: state != .open, to: root.terminal)
        }
    }

    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit",
            abstract: "Change a milestone's title, description or due date (its issues stay in it).")

        @Argument(help: "The milestone's current title.")
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
            let current = try MilestoneTitle(title)
            let dueChange: MilestoneChange.Due? =
                if let due { .on(try DueDate.parse(due)) } else { noDue ? .cleared : nil }
            let change = try MilestoneChange(
                title: try newTitle.map { try MilestoneTitle($0) }, description: description, due: dueChange)
            let root = try await CompositionRoot.open(global)
            let edited = try await root.manageMilestones.edit(current, change)
            Say.line("Edited milestone '\(edited.title)'")
        }
    }

    struct Close: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "close",
            abstract: "Close a milestone (closing a closed one changes nothing).")

        @Argument(help: "The milestone's title.")
        var title: String

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            try await MilestoneCommand.setState(of: title, to: .closed, global: global)
        }
    }

    struct Reopen: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "reopen",
            abstract: "Reopen a closed milestone (reopening an open one changes nothing).")

        @Argument(help: "The milestone's title.")
        var title: String

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            try await MilestoneCommand.setState(of: title, to: .open, global: global)
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "delete",
            abstract: "Delete a milestone, taking its issues out of it (recorded on their timelines).")

        @Argument(help: "The milestone's title.")
        var title: String

        @Flag(help: "Confirm the deletion.")
        var yes = false

        @OptionGroup var global: GlobalOptions

        func validate() throws {
            guard yes else {
                throw ValidationError(
                    "deleting milestone '\(title)' takes every issue out of it: add --yes to delete it")
            }
        }

        func run() async throws {
            let title = try MilestoneTitle(title)
            let root = try await CompositionRoot.open(global)
            let actor = try await root.actingUser().login
            let deleted = try await root.manageMilestones.delete(title, actor: actor)
            let issues = deleted.openIssues + deleted.closedIssues
            Say.line("Deleted milestone '\(deleted.title)' (removed from \(issues) issue\(issues == 1 ? "" : "s"))")
        }
    }

    static func setState(of title: String, to state: MilestoneState, global: GlobalOptions) async throws {
        let title = try MilestoneTitle(title)
        let root = try await CompositionRoot.open(global)
        let changed = try await root.manageMilestones.setState(of: title, to: state)
        Say.line("\(state == .closed ? "Closed" : "Reopened") milestone '\(changed.title)'")
    }
}
