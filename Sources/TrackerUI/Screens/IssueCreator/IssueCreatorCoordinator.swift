import TerminalKit
import TrackerCore

/// The new-issue screen: title (checked as typed), body, optional assignees (the assignee screen
/// as a child), then a summary to confirm. `:q` at any prompt cancels with nothing written; a
/// draft the database could not take is kept by the view model so nothing typed is lost.
@MainActor
public final class IssueCreatorCoordinator: Coordinator {
    public enum Outcome: Equatable, Sendable {
        case created(Issue)
        case cancelled
        /// Confirmed, but the issue was not created: why, the draft, and whether it was kept.
        case notCreated(TrackerError, SavedDraft, IssueCreatorViewModel.KeptDraft?)
    }

    public var childCoordinators: [any Coordinator] = []
    public let viewModel: IssueCreatorViewModel
    private let terminal: any Terminal
    private let dependencies: ScreenDependencies
    private let prefill: SavedDraft?
    private let view = IssueCreatorView(format: .table)

    public init(terminal: any Terminal, dependencies: ScreenDependencies, prefill: SavedDraft? = nil) {
        self.terminal = terminal
        self.dependencies = dependencies
        self.prefill = prefill
        viewModel = IssueCreatorViewModel(useCases: dependencies.issueCreatorUseCases, author: dependencies.actor)
    }

    public func start() async -> Outcome {
        terminal.writeLine("")
        terminal.writeLine("New issue (type :q at any prompt to cancel)")
        if let prefill {
            await viewModel.send(.title(prefill.title))
            await viewModel.send(.body(prefill.body))
            await viewModel.send(.assignees(prefill.assignees.compactMap { try? Login($0) }))
            await viewModel.send(.labels(prefill.labels.compactMap { try? LabelName($0) }))
            await viewModel.send(.milestone(prefill.milestone.flatMap { try? MilestoneTitle($0) }))
            terminal.writeLine("Restored draft: \(VisibleText.line(prefill.title))")
        } else {
            guard await askTitle(), await askBody() else { return .cancelled }
            guard let wantsAssignees = ask("Choose assignees? [y/N] ") else { return .cancelled }
            if wantsAssignees.lowercased().hasPrefix("y") { await chooseAssignees() }
        }
        guard await confirmed() else { return .cancelled }
        await viewModel.send(.confirm)
        let output = viewModel.output
        if let created = output.created { return .created(created) }
        return .notCreated(
            output.problem ?? .storageFailure("the issue was not created"), output.draft, output.keptDraft)
    }

    private func askTitle() async -> Bool {
        while true {
            guard let title = ask("Title: ") else { return false }
            await viewModel.send(.title(title))
            guard let problem = viewModel.output.problem else { return true }
            terminal.writeFailure(problem)
        }
    }

    private func askBody() async -> Bool {
        while true {
            if let editBody = dependencies.editBody {
                terminal.writeLine("Opening your editor for the body…")
                guard let edited = editBody(viewModel.output.body) else { return false }
                await viewModel.send(.body(edited))
            } else {
                terminal.writeLine("Body (\(TypedLines.howToEnd)):")
                repeat {
                    guard let line = ask("") else { return false }
                    await viewModel.send(.bodyLine(line))
                } while viewModel.output.bodyLinesTyped != nil
            }
            guard let problem = viewModel.output.problem else { return true }
            terminal.writeFailure(problem)
        }
    }

    /// Shows the draft and asks to create it; `l` and `m` choose labels and the milestone first.
    private func confirmed() async -> Bool {
        while true {
            view.renderSummary(viewModel.output, to: terminal)
            guard let answer = ask("Create this issue? [Y/n, l labels, m milestone] ") else { return false }
            switch answer.trimmed.lowercased() {
            case "l": await chooseLabels()
            case "m": await chooseMilestone()
            case let other: return !other.hasPrefix("n")
            }
        }
    }

    private func chooseLabels() async {
        let picker = ChoiceCoordinator.labels(
            terminal: terminal, dependencies: dependencies, mode: .draft(viewModel.output.labels))
        guard case .chosen(let change) = await run(picker) else { return }
        await viewModel.send(.labels(change.chosen))
        terminal.writeLine(change.describe("Labels", name: \.value))
    }

    private func chooseMilestone() async {
        let current = viewModel.output.milestone.map { [$0] } ?? []
        let picker = ChoiceCoordinator.milestone(terminal: terminal, dependencies: dependencies, mode: .draft(current))
        guard case .chosen(let change) = await run(picker) else { return }
        await viewModel.send(.milestone(change.chosen.first))
        terminal.writeLine(change.describe("Milestone", name: \.value))
    }

    private func chooseAssignees() async {
        let picker = AssigneeCoordinator(
            terminal: terminal, dependencies: dependencies, mode: .draft(viewModel.output.assignees))
        if case .chosen(let logins) = await run(picker) {
            await viewModel.send(.assignees(logins))
        }
    }

    /// nil when the person cancels (`:q`) or input ends.
    private func ask(_ prompt: String) -> String? {
        terminal.readAnswer(prompt: prompt)
    }
}
