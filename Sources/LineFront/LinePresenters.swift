import TerminalKit
import TrackerCore
import TrackerUI

/// Opens the person's editor on a text and returns what was saved; nil when it failed.
public typealias BodyEditing = @Sendable (String) -> String?

/// The line front: every screen as lines written to a `Terminal` and commands read at its
/// prompts. Works at a terminal and from a pipe; a second front implements `Presenters` again.
@MainActor
public final class LinePresenters: Presenters {
    private let terminal: any Terminal
    /// Who acts: `@me` in what is typed, and in the filter shown.
    private let me: Login
    /// `$VISUAL`/`$EDITOR` for bodies and comments; nil: they are typed line by line.
    private let editBody: BodyEditing?

    public init(terminal: any Terminal, me: Login, editBody: BodyEditing? = nil) {
        self.terminal = terminal
        self.me = me
        self.editBody = editBody
    }

    public func app() -> any AppPresenter { LineAppPresenter(terminal: terminal) }

    public func issueList(scope: IssueListCoordinator.Scope) -> any IssueListPresenter {
        LineIssueListPresenter(terminal: terminal, scope: scope, me: me)
    }

    public func issueDetail() -> any IssueDetailPresenter { LineIssueDetailPresenter(terminal: terminal) }

    public func issueCreator() -> any IssueCreatorPresenter {
        LineIssueCreatorPresenter(terminal: terminal, editBody: editBody)
    }

    public func issueEditor() -> any IssueEditorPresenter {
        LineIssueEditorPresenter(terminal: terminal, editBody: editBody)
    }

    public func commentComposer() -> any CommentComposerPresenter {
        LineCommentComposerPresenter(terminal: terminal, editBody: editBody)
    }

    public func assignees(_ mode: AssigneeCoordinator.Mode) -> any AssigneePresenter {
        LineAssigneePresenter(terminal: terminal, mode: mode)
    }

    public func labelPicker() -> any Presenter<ChoiceViewModel<LabelName>.Output, PickerAction> {
        LineChoicePresenter(labelsOn: terminal)
    }

    public func milestonePicker() -> any Presenter<ChoiceViewModel<MilestoneTitle>.Output, PickerAction> {
        LineChoicePresenter(milestoneOn: terminal)
    }

    public func projectPicker() -> any Presenter<ChoiceViewModel<ProjectKey>.Output, PickerAction> {
        LineChoicePresenter(
            terminal: terminal, view: .project, title: "Project to open (pick one, then done)", prompt: "pick project> "
        )
    }

    public func labels() -> any LabelsPresenter { LineLabelsPresenter(terminal: terminal) }
    public func milestones() -> any MilestonesPresenter { LineMilestonesPresenter(terminal: terminal) }
    public func people() -> any PeoplePresenter { LinePeoplePresenter(terminal: terminal) }
}
