import TerminalKit
import TrackerCore
import TrackerUI

/// The Milestones tab at a line prompt: `milestones> `, a milestone named by its row or its title,
/// and a new one's fields asked at prompts of their own.
@MainActor
final class LineMilestonesPresenter: MilestonesPresenter {
    private let terminal: any Terminal
    private var prompt: OrganizationPrompt<MilestonesCommands.Action, Milestone, MilestonesViewModel.Input>
    private let view: MilestonesView
    private var milestones: [Milestone] = []

    init(terminal: any Terminal, now: @escaping () -> Timestamp = Timestamp.now) {
        self.terminal = terminal
        view = MilestonesView(now: now)
        prompt = OrganizationPrompt(
            terminal: terminal, hints: MilestonesCommands.hints, refresh: .appear,
            unknown: MilestonesViewModel.Input.unknown, invalid: MilestonesViewModel.Input.invalid,
            needs: MilestonesCommands.needs)
    }

    func show(_ output: MilestonesViewModel.Output) {
        milestones = output.items
        prompt.permissions = output.permissions
        view.render(output, to: terminal)
        if case .unknownCommand? = output.notice, output.failure == nil { terminal.writeHelp(prompt.help) }
    }

    func next() async -> TabInput<MilestonesViewModel.Input>? {
        TabPrompt.next("milestones> ", on: terminal) { line in
            prompt.read(
                MilestonesCommands.parse(line),
                find: {
                    ShownRows.find(
                        $0, in: milestones, name: \.title.value, number: \.number.value,
                        unknown: TrackerError.unknownMilestone)
                },
                new: askNew, act: Self.input)
        }
    }

    private static func input(_ action: MilestonesCommands.Action, on milestone: Milestone) -> MilestonesViewModel.Input
    {
        switch action {
        case .issues: .issues(milestone.title)
        case .close: .setState(milestone.title, .closed)
        case .reopen: .setState(milestone.title, .open)
        }
    }

    private func askNew() -> MilestonesViewModel.Input? {
        let prompts = ["Title: ", "Due date (YYYY-MM-DD, Enter for none): ", "Description (Enter for none): "]
        let checks: [Int: (String) throws -> Void] = [
            0: { _ = try MilestoneTitle($0) }, 1: { _ = $0.isBlank ? nil : try DueDate.parse($0.trimmed) },
        ]
        guard let typed = prompt.ask(prompts, checks: checks) else { return nil }
        return TabPrompt.checked(invalid: MilestonesViewModel.Input.invalid) {
            try MilestonesCommands.create(title: typed[0], due: typed[1], description: typed[2])
        }
    }
}
