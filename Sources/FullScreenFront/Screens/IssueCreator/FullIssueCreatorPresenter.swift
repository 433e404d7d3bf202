import LineFront
import TerminalKit
import TrackerCore
import TrackerUI

/// A new issue on the full screen: the title on a line, then the body (in the person's editor
/// when they have one, else typed in the body area up to Ctrl-D), then the draft to confirm,
/// where `a`, `l` and `m` choose assignees, labels and a milestone. Escape leaves, writing
/// nothing. A refused title or body keeps what was typed.
@MainActor
final class FullIssueCreatorPresenter: IssueCreatorPresenter {
    static let titleKeys = "Enter next · Esc cancel · ← → Home End edit"
    static let bodyKeys = "Ctrl-D done · Enter new line · ↑↓ move · Esc cancel"
    static let confirmKeys = "Enter or y create · a assignees · l labels · m milestone · Esc or n cancel"

    private let session: FullScreenSession
    private var output = IssueCreatorViewModel.Output()
    private var title = FieldEditor()
    private var body = TextArea()
    private var message: [String] = []

    init(session: FullScreenSession) {
        self.session = session
    }

    func show(_ output: IssueCreatorViewModel.Output) {
        if case .opened(restored: true)? = output.notice {
            title = FieldEditor(output.title)
            body = TextArea(output.body)
        }
        self.output = output
        message = output.failure.map(session.failure) ?? []
        switch output.notice {
        case .choseLabels(let change)?: message.append(ChoiceView<LabelName>.describe(change, "Labels", name: \.value))
        case .choseMilestone(let change)?:
            message.append(ChoiceView<MilestoneTitle>.describe(change, "Milestone", name: \.value))
        case .opened?, nil: break
        }
    }

    func next() async -> IssueCreatorViewModel.Input? {
        switch output.step {
        case .title: return readTitle()
        case .body: return readBody()
        case .assigneesQuestion: return .wantsAssignees(false)
        case .confirm: return confirm()
        }
    }

    private func readTitle() -> IssueCreatorViewModel.Input? {
        session.read(layout: layout) { title.read($0)?.input(IssueCreatorViewModel.Input.title, cancel: .cancel) }
    }

    private func readBody() -> IssueCreatorViewModel.Input? {
        if let editBody = session.editBody {
            return editBody(output.body).map(IssueCreatorViewModel.Input.body) ?? .cancel
        }
        return session.read(layout: layout) {
            body.read($0, said: &message)?.input(IssueCreatorViewModel.Input.body, cancel: .cancel)
        }
    }

    private func confirm() -> IssueCreatorViewModel.Input? {
        session.read(layout: layout) { key in
            switch key {
            case .enter, .text("y"): .confirm
            case .escape, .text("n"), .text("q"): .cancel
            case .text("a"): .wantsAssignees(true)
            case .text("l"): .chooseLabels
            case .text("m"): .chooseMilestone
            default: nil
            }
        }
    }

    private func layout() -> ScreenLayout {
        let width = session.size.columns
        let keys =
            switch output.step {
            case .title: Self.titleKeys
            case .body: Self.bodyKeys
            case .assigneesQuestion, .confirm: Self.confirmKeys
            }
        var layout = ScreenLayout(tab: .issues, title: "New issue", message: message, keys: keys)
        guard output.step != .confirm else {
            layout.body = session.words { IssueCreatorView(format: .table).renderSummary(output, to: $0) }
            return layout
        }
        let titleRow = title.row(label: "Title: ", width: width)
        layout.body = [titleRow.text, "Body (Ctrl-D ends it):"]
        if output.step == .title {
            layout.bodyCursor = Frame.Position(row: 0, column: titleRow.cursor)
            layout.body += session.words { $0.writeLine(VisibleText.block(body.text)) }
            return layout
        }
        let height = ScreenLayout.bodyHeight(size: session.size, message: message, field: false) - 2
        let area = body.render(width: width, height: height)
        layout.body += area.lines
        layout.bodyCursor = Frame.Position(row: area.cursor.row + 2, column: area.cursor.column)
        return layout
    }
}
