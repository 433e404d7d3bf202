import LineFront
import TerminalKit
import TrackerCore
import TrackerUI

/// The edit of an issue's title and body on the full screen: the title and the body as they
/// are, edited in place (or both at once in the person's editor, when they have one); Enter
/// after the title goes to the body, Ctrl-D saves. When someone else saved first, it says what
/// they changed and asks whether to apply the text to the new version.
@MainActor
final class FullIssueEditorPresenter: IssueEditorPresenter {
    static let titleKeys = "Enter next · Esc cancel · ← → Home End edit"
    static let bodyKeys = "Ctrl-D save · Enter new line · ↑↓ move · Esc cancel"
    static let conflictKeys = "y merge with theirs · n or Esc keep your text as a draft"
    static let resolveKeys = "m mine · t theirs · b both (lines) · Esc keep your text as a draft"

    private let session: FullScreenSession
    private var output: IssueEditorViewModel.Output?
    private var title = FieldEditor()
    private var body = TextArea()
    private var message: [String] = []

    init(session: FullScreenSession) {
        self.session = session
    }

    func show(_ output: IssueEditorViewModel.Output) {
        let first = self.output == nil
        self.output = output
        if first || output.step == .review {
            title = FieldEditor(output.title)
            body = TextArea(output.body)
        }
        message = output.failure.map(session.failure) ?? []
        if case .conflict(let conflict) = output.step {
            message += session.words { MergeQuestions.renderTheirChange(conflict, to: $0) }
            message.append(MergeQuestions.mergePrompt)
        }
    }

    func next() async -> IssueEditorViewModel.Input? {
        guard let output else { return nil }
        switch output.step {
        case .title, .review:
            if session.editBody != nil { return textInEditor(output) }
            return readTitle()
        case .body: return readBody()
        case .conflict: return answerConflict()
        case .resolve(let merge): return resolve(merge)
        case .ready: return .save
        }
    }

    /// One question for each thing both changed: the title, then each region of the body.
    private func resolve(_ merge: EditMerge) -> IssueEditorViewModel.Input {
        var choices = EditMerge.Choices()
        if merge.titleConflicts {
            message = session.words { MergeQuestions.renderTitleQuestion(merge, to: $0) } + [MergeQuestions.titleChoice]
            guard let choice = choose(allowingBoth: false) else { return .cancel }
            choices.title = choice
        }
        let regions = merge.body.conflicts
        for region in regions {
            message =
                session.words { MergeQuestions.renderLinesQuestion(region, of: regions.count, to: $0) }
                + [MergeQuestions.linesChoice]
            guard let choice = choose(allowingBoth: true) else { return .cancel }
            choices.body.append(choice)
        }
        message = []
        return .resolve(choices)
    }

    /// nil when the person leaves (Esc): their text stays a draft.
    private func choose(allowingBoth: Bool) -> ThreeWayMerge.Choice? {
        let answer: ThreeWayMerge.Choice?? = session.read(layout: layout) { key in
            switch key {
            case .text("m"), .text("M"): .some(.mine)
            case .text("t"), .text("T"): .some(.theirs)
            case .text(let typed) where allowingBoth && (typed == "b" || typed == "B"): .some(.both)
            case .escape: .some(nil)
            default: nil
            }
        }
        return answer ?? nil
    }

    private func readTitle() -> IssueEditorViewModel.Input? {
        session.read(layout: layout) { title.read($0)?.input(IssueEditorViewModel.Input.title, cancel: .cancel) }
    }

    private func readBody() -> IssueEditorViewModel.Input? {
        session.read(layout: layout) {
            body.read($0, said: &message)?.input(IssueEditorViewModel.Input.body, cancel: .cancel)
        }
    }

    private func answerConflict() -> IssueEditorViewModel.Input? {
        session.read(layout: layout) { key in
            switch key {
            case .text("y"), .text("Y"): .reload
            case .text("n"), .text("N"), .escape, .enter: .cancel
            default: nil
            }
        }
    }

    /// The title and body at once in the person's editor; cancelled when it fails or is emptied.
    private func textInEditor(_ output: IssueEditorViewModel.Output) -> IssueEditorViewModel.Input {
        guard let edited = session.editBody?(output.text.text), let text = IssueText(parsing: edited) else {
            return .cancel
        }
        return .text(text)
    }

    private func layout() -> ScreenLayout {
        let width = session.size.columns
        let step = output?.step ?? .title
        let keys =
            switch step {
            case .title, .review: Self.titleKeys
            case .conflict: Self.conflictKeys
            case .resolve: Self.resolveKeys
            case .body, .ready: Self.bodyKeys
            }
        let number = output.map { "\($0.number)" } ?? ""
        var layout = ScreenLayout(tab: .issues, title: "Edit issue \(number)", message: message, keys: keys)
        let titleRow = title.row(label: "Title: ", width: width)
        layout.body = [titleRow.text, "Body (Ctrl-D saves):"]
        let height = ScreenLayout.bodyHeight(size: session.size, message: message, field: false) - 2
        let area = body.render(width: width, height: height)
        layout.body += area.lines
        switch step {
        case .title, .review: layout.bodyCursor = Frame.Position(row: 0, column: titleRow.cursor)
        case .body: layout.bodyCursor = Frame.Position(row: area.cursor.row + 2, column: area.cursor.column)
        case .conflict, .resolve, .ready: break
        }
        return layout
    }
}
