import TrackerCore

/// The new-issue screen: title (checked as typed), body, optional assignees (the assignee screen
/// as a child), then a summary to confirm. `:q` at any prompt cancels with nothing written; a
/// draft the database could not take is saved so nothing typed is lost.
@MainActor
public final class IssueCreatorCoordinator: Coordinator, CoordinatorFinishDelegate {
    public var childCoordinators: [any Coordinator] = []
    public weak var finishDelegate: (any CoordinatorFinishDelegate)?
    public let viewModel: IssueCreatorViewModel
    /// What the list should say when this screen is done ("Created issue #4", "Cancelled…").
    public private(set) var outcomeNotice: String?
    private let terminal: any Terminal
    private let dependencies: ScreenDependencies
    private let prefill: SavedDraft?

    public init(terminal: any Terminal, dependencies: ScreenDependencies, prefill: SavedDraft? = nil) {
        self.terminal = terminal
        self.dependencies = dependencies
        self.prefill = prefill
        viewModel = IssueCreatorViewModel(createIssue: dependencies.createIssue, author: dependencies.actor)
    }

    public func start() async {
        outcomeNotice = await run() ? outcomeNotice : "Cancelled: nothing was written."
        await finishDelegate?.coordinatorDidFinish(self)
    }

    /// False when the person cancelled.
    private func run() async -> Bool {
        terminal.writeLine("")
        terminal.writeLine("New issue (type :q at any prompt to cancel)")
        if let prefill {
            await viewModel.send(.title(prefill.title))
            await viewModel.send(.body(prefill.body))
            await viewModel.send(.assignees(prefill.assignees.compactMap { try? Login($0) }))
            terminal.writeLine("Restored draft: \(VisibleText.line(prefill.title))")
        } else {
            guard await askTitle(), await askBody() else { return false }
            guard let wantsAssignees = ask("Choose assignees? [y/N] ") else { return false }
            if wantsAssignees.lowercased().hasPrefix("y") { await chooseAssignees() }
        }
        IssueCreatorView(format: .table).renderSummary(viewModel.output, to: terminal)
        guard let answer = ask("Create this issue? [Y/n] "), !answer.lowercased().hasPrefix("n") else { return false }
        await viewModel.send(.confirm)
        if let created = viewModel.output.created {
            outcomeNotice = "Created issue #\(created.number.value)."
            try? dependencies.drafts.discard()
        } else {
            outcomeNotice = keepDraft(after: viewModel.output.problem)
        }
        return true
    }

    private func askTitle() async -> Bool {
        while true {
            guard let title = ask("Title: ") else { return false }
            await viewModel.send(.title(title))
            guard let problem = viewModel.output.problem else { return true }
            terminal.writeLine("! " + VisibleText.line("\(problem)"))
        }
    }

    private func askBody() async -> Bool {
        while true {
            let body: String
            if let editBody = dependencies.editBody {
                terminal.writeLine("Opening your editor for the body…")
                guard let edited = editBody(viewModel.output.body) else { return false }
                body = edited
            } else {
                terminal.writeLine("Body (end with a line holding a single '.'):")
                var lines: [String] = []
                while let line = terminal.readLine(prompt: "") {
                    if line == ":q" { return false }
                    if line == "." { break }
                    lines.append(line)
                }
                body = lines.joined(separator: "\n")
            }
            await viewModel.send(.body(body))
            guard let problem = viewModel.output.problem else { return true }
            terminal.writeLine("! " + VisibleText.line("\(problem)"))
        }
    }

    private func chooseAssignees() async {
        let child = AssigneeCoordinator(
            terminal: terminal, dependencies: dependencies, mode: .draft(viewModel.output.assignees))
        child.finishDelegate = self
        childCoordinators.append(child)
        await child.start()
    }

    public func coordinatorDidFinish(_ child: any Coordinator) async {
        removeChild(child)
        if let chosen = (child as? AssigneeCoordinator)?.chosen {
            await viewModel.send(.assignees(chosen))
        }
    }

    /// Saves what was typed when the database could not take it, and says how to get it back.
    private func keepDraft(after problem: TrackerError?) -> String {
        let output = viewModel.output
        let draft = SavedDraft(title: output.title, body: output.body, assignees: output.assignees.map(\.value))
        let reason = problem.map { "\($0)" } ?? "the issue was not created"
        do {
            try dependencies.drafts.save(draft)
            return
                "! \(reason)\nYour draft is saved: the next `tracker` (or `tracker create --recover`) offers it back."
        } catch {
            return "! \(reason)\nThe draft could not be saved either (\(error)); here it is:\n"
                + "\(VisibleText.line(draft.title))\n\(VisibleText.block(draft.body))"
        }
    }

    /// nil when the person cancels (`:q`) or input ends.
    private func ask(_ prompt: String) -> String? {
        guard let line = terminal.readLine(prompt: prompt), line.trimmingCharacters(in: .whitespaces) != ":q" else {
            return nil
        }
        return line
    }
}
