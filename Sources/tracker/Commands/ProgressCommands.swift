import ArgumentParser
import Interchange
import LineFront
import TrackerCore
import TrackerUI

extension MilestoneCommand {
    /// `milestone show TITLE`: the milestone's line and its burndown.
    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Show a milestone's progress and its burndown: open issues per day beside the ideal line.",
            discussion: """
                Days are UTC, from the first day an issue was in the milestone to its due date (to today \
                when it has none or it has passed); counts come from the issues' timelines, imported \
                history included. Block characters on a terminal, ASCII with NO_COLOR, TERM=dumb or a \
                pipe. --json prints {"milestone": {…}, "today": DAY, "series": [{"day", "open", "ideal"}]}.
                """)

        @Argument(help: "The milestone's title or number.")
        var title: String

        @OptionGroup var jsonOutput: JSONOptions

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            _ = try MilestoneTitle(title)
            let fields = try jsonOutput.fields(available: JSONFieldList.burndown)
            let transform = try jsonOutput.transform(environment: ProcessEnvironment.values)
            let root = try await CompositionRoot.open(global, schema: .read)
            try await show(fields: fields, transform: transform, on: root)
        }

        @MainActor
        private func show(fields: JSONFieldList?, transform: JSONTransform?, on root: CompositionRoot) async throws {
            let title = try await root.names.milestoneTitle(title)
            guard let burndown = try await drive(root.progress(), inputs: [.burndown(title)]).burndown else { return }
            try JSONOutput.write(transform, to: root.terminal) {
                BurndownView(json: jsonOutput.json, fields: fields).render(burndown, to: $0)
            }
        }
    }
}

/// `tracker report`: issues opened and closed per week, the last twelve weeks.
struct ReportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Issues opened and closed per week over the last 12 weeks, drawn as bars.",
        discussion: """
            Weeks run Monday to Sunday, UTC, through the current one; opened counts issues created \
            (imported ones at their own time), closed counts every close; issues in the trash are left \
            out. --json prints {"weeks": [{"week", "opened", "closed"}]}.
            """)

    @OptionGroup var jsonOutput: JSONOptions

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let fields = try jsonOutput.fields(available: JSONFieldList.report)
        let transform = try jsonOutput.transform(environment: ProcessEnvironment.values)
        let root = try await CompositionRoot.open(global, schema: .read)
        try await show(fields: fields, transform: transform, on: root)
    }

    @MainActor
    private func show(fields: JSONFieldList?, transform: JSONTransform?, on root: CompositionRoot) async throws {
        guard let report = try await drive(root.progress(), inputs: [.report]).report else { return }
        try JSONOutput.write(transform, to: root.terminal) {
            ActivityReportView(json: jsonOutput.json, fields: fields).render(report, to: $0)
        }
    }
}
