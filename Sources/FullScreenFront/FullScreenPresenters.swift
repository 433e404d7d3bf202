import LineFront
import TerminalKit
import TrackerCore
import TrackerUI

/// The full-screen front: every screen drawn whole on a `Screen` (the terminal's alternate
/// screen) and moved through with the keys. The same coordinators and view models as the line
/// front's; the wording of every fact is the line front's too (its views write into
/// `CollectedLines`).
@MainActor
public final class FullScreenPresenters: Presenters {
    private let session: FullScreenSession

    /// `editBody`: the person's editor for bodies and comments (run with their own terminal
    /// back); nil: they are typed on the screen.
    public init(screen: any Screen, me: Login, editBody: BodyEditing? = nil) {
        session = FullScreenSession(screen: screen, me: me, editBody: editBody)
    }

    public func app() -> any AppPresenter { FullAppPresenter(session: session) }

    public func issueList(scope: IssueListCoordinator.Scope) -> any IssueListPresenter {
        FullIssueListPresenter(session: session, scope: scope)
    }

    public func issueDetail() -> any IssueDetailPresenter { FullIssueDetailPresenter(session: session) }
    public func issueCreator() -> any IssueCreatorPresenter { FullIssueCreatorPresenter(session: session) }
    public func issueEditor() -> any IssueEditorPresenter { FullIssueEditorPresenter(session: session) }
    public func commentComposer() -> any CommentComposerPresenter { FullCommentComposerPresenter(session: session) }

    public func assignees(_ mode: AssigneeCoordinator.Mode) -> any AssigneePresenter {
        FullPickerPresenter(assigneesOn: session, mode: mode)
    }

    public func labelPicker() -> any Presenter<ChoiceViewModel<LabelName>.Output, PickerAction> {
        FullPickerPresenter(choicesOn: session, view: .labels, title: "Labels")
    }

    public func projectPicker() -> any Presenter<ChoiceViewModel<ProjectKey>.Output, PickerAction> {
        FullPickerPresenter(choicesOn: session, view: .project, title: "Project to open")
    }

    public func milestonePicker() -> any Presenter<ChoiceViewModel<MilestoneTitle>.Output, PickerAction> {
        FullPickerPresenter(choicesOn: session, view: .milestone, title: "Milestone (at most one)")
    }

    public func labels() -> any LabelsPresenter { OrganizationTabs.labels(session) }
    public func milestones() -> any MilestonesPresenter { OrganizationTabs.milestones(session) }
    public func people() -> any PeoplePresenter { OrganizationTabs.people(session) }
}
