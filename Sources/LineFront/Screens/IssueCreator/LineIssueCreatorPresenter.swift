import TerminalKit
import TrackerCore
import TrackerUI

/// The new-issue screen at line prompts: the title, the body (in the person's editor, or typed
/// line by line up to a lone `.`), whether to choose assignees, then the draft to confirm.
/// `:q` at any prompt cancels.
@MainActor
final class LineIssueCreatorPresenter: IssueCreatorPresenter {
    private let terminal: any Terminal
    private let editBody: BodyEditing?
    private let view = IssueCreatorView(format: .table)
    private var output: IssueCreatorViewModel.Output?

    init(terminal: any Terminal, editBody: BodyEditing?) {
        self.terminal = terminal
        self.editBody = editBody
    }

    func show(_ output: IssueCreatorViewModel.Output) {
        self.output = output
        if let failure = output.failure { return terminal.writeFailure(failure) }
        switch output.notice {
        case .opened(let restored):
            terminal.writeLine("")
            terminal.writeLine("New issue (type :q at any prompt to cancel)")
            if restored { terminal.writeLine("Restored draft: \(VisibleText.line(output.title))") }
        case .choseLabels(let change): terminal.writeLine(ChoiceView.describe(change, "Labels", name: \.value))
        case .choseMilestone(let change): terminal.writeLine(ChoiceView.describe(change, "Milestone", name: \.value))
        case nil: break
        }
        if output.step == .confirm { view.renderSummary(output, to: terminal) }
    }

    func next() async -> IssueCreatorViewModel.Input? {
        guard let output else { return nil }
        switch output.step {
        case .title:
            return terminal.readAnswer(prompt: "Title: ").map(IssueCreatorViewModel.Input.title) ?? .cancel
        case .body:
            if let editBody {
                terminal.writeLine("Opening your editor for the body…")
                return editBody(output.body).map(IssueCreatorViewModel.Input.body) ?? .cancel
            }
            terminal.writeLine("Body (\(TypedLines.howToEnd)):")
            return TypedLines.read(from: terminal).map { .body($0.joined(separator: "\n")) } ?? .cancel
        case .assigneesQuestion:
            guard let answer = terminal.readAnswer(prompt: "Choose assignees? [y/N] ") else { return .cancel }
            return .wantsAssignees(answer.lowercased().hasPrefix("y"))
        case .confirm:
            guard let answer = terminal.readAnswer(prompt: "Create this issue? [Y/n, l labels, m milestone] ") else {
                return .cancel
            }
            switch answer.trimmed.lowercased() {
            case "l": return .chooseLabels
            case "m": return .chooseMilestone
            case let other: return other.hasPrefix("n") ? .cancel : .confirm
            }
        }
    }
}
