import TerminalKit
import TrackerCore
import TrackerUI

/// The edit of an issue's title and body at line prompts: the title (Enter keeps it), then the
/// body typed line by line up to a lone `.` (a `.` first keeps it); with the person's editor,
/// both at once. `:q` at any prompt cancels.
@MainActor
final class LineIssueEditorPresenter: IssueEditorPresenter {
    private let terminal: any Terminal
    private let editBody: BodyEditing?
    private let view = IssueEditorView()
    private var output: IssueEditorViewModel.Output?

    init(terminal: any Terminal, editBody: BodyEditing?) {
        self.terminal = terminal
        self.editBody = editBody
    }

    func show(_ output: IssueEditorViewModel.Output) {
        defer { self.output = output }
        guard self.output != nil else { return view.renderStart(output.number, to: terminal) }
        if let failure = output.failure { return terminal.writeFailure(failure) }
        if case .conflict(let conflict) = output.step { MergeQuestions.renderTheirChange(conflict, to: terminal) }
    }

    func next() async -> IssueEditorViewModel.Input? {
        guard let output else { return nil }
        switch output.step {
        case .title:
            if editBody != nil { return textInEditor(output) }
            return terminal.readAnswer(prompt: view.titlePrompt(output)).map(IssueEditorViewModel.Input.title)
                ?? .cancel
        case .body:
            view.renderBodyPrompt(to: terminal)
            guard let lines = TypedLines.read(from: terminal) else { return .cancel }
            return .body(lines.isEmpty ? nil : lines.joined(separator: "\n"))
        case .conflict:
            return MergeQuestions.agreesToMerge(on: terminal) ? .reload : .cancel
        case .resolve(let merge):
            return MergeQuestions.ask(merge, on: terminal).map(IssueEditorViewModel.Input.resolve) ?? .cancel
        case .review:
            // With an editor, the person sees their text over the new version before saving.
            return editBody != nil ? textInEditor(output) : .text(output.text)
        case .ready:
            return .save
        }
    }

    /// The title and body at once, in the person's editor; cancelled when it fails or is emptied.
    private func textInEditor(_ output: IssueEditorViewModel.Output) -> IssueEditorViewModel.Input {
        terminal.writeLine("Opening your editor on the title and body…")
        guard let edited = editBody?(output.text.text), let text = IssueText(parsing: edited) else { return .cancel }
        return .text(text)
    }
}
