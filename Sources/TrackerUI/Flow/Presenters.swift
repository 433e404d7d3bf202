import TrackerCore

/// A front: one presenter for each screen. The line front (`LinePresenters` in LineFront) is
/// one; a second front (full screen) implements this protocol again, with its own presenters in
/// its own module, and the coordinators and view models stay as they are.
@MainActor
public protocol Presenters: AnyObject {
    func app() -> any AppPresenter
    func issueList(scope: IssueListCoordinator.Scope) -> any IssueListPresenter
    func issueDetail() -> any IssueDetailPresenter
    func issueCreator() -> any IssueCreatorPresenter
    func issueEditor() -> any IssueEditorPresenter
    func commentComposer() -> any CommentComposerPresenter
    func assignees(_ mode: AssigneeCoordinator.Mode) -> any AssigneePresenter
    func labelPicker() -> any Presenter<ChoiceViewModel<LabelName>.Output, PickerAction>
    func milestonePicker() -> any Presenter<ChoiceViewModel<MilestoneTitle>.Output, PickerAction>
    func projectPicker() -> any Presenter<ChoiceViewModel<ProjectKey>.Output, PickerAction>
    func labels() -> any LabelsPresenter
    func milestones() -> any MilestonesPresenter
    func people() -> any PeoplePresenter
}
