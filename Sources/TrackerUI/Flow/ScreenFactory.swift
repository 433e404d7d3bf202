import TrackerCore

/// Builds the screens, as a scene's DI container does: each coordinator with its view model
/// (over the use cases the composition root made) and its presenter (from the front), and the
/// children a coordinator starts. Coordinators get everything from here; none builds another.
@MainActor
public final class ScreenFactory {
    /// The use cases the screens run, made by a composition root (the executable's, or a test's).
    public struct UseCases: Sendable {
        let listIssues: ListIssues
        let showIssue: ShowIssue
        let closeIssue: CloseIssue
        let reopenIssue: ReopenIssue
        let createIssue: CreateIssue
        let assignIssues: AssignIssues
        let unassignIssues: UnassignIssues
        let changeAssignees: ChangeAssignees
        let editIssues: EditIssues
        let commentOnIssue: CommentOnIssue
        let listUsers: ListUsers
        let addUser: AddUser
        let labels: ManageLabels
        let milestones: ManageMilestones
        let saveDraft: SaveDraft
        let discardDraft: DiscardDraft
        let recoverDraft: RecoverDraft
        /// Follows teammates' changes for the live list and issue screens; nil: they do not follow.
        let watchChanges: WatchChanges?
        /// The versions the issue screen's `h` shows; nil: it shows none.
        let showHistory: ShowHistory?
        /// The projects the project picker offers; nil: it offers none.
        let projects: ManageProjects?

        public init(
            listIssues: ListIssues, showIssue: ShowIssue, closeIssue: CloseIssue, reopenIssue: ReopenIssue,
            createIssue: CreateIssue, assignIssues: AssignIssues, unassignIssues: UnassignIssues,
            changeAssignees: ChangeAssignees, editIssues: EditIssues, commentOnIssue: CommentOnIssue,
            listUsers: ListUsers, addUser: AddUser, labels: ManageLabels, milestones: ManageMilestones,
            saveDraft: SaveDraft, discardDraft: DiscardDraft, recoverDraft: RecoverDraft,
            watchChanges: WatchChanges? = nil, showHistory: ShowHistory? = nil, projects: ManageProjects? = nil
        ) {
            self.listIssues = listIssues
            self.showIssue = showIssue
            self.closeIssue = closeIssue
            self.reopenIssue = reopenIssue
            self.createIssue = createIssue
            self.assignIssues = assignIssues
            self.unassignIssues = unassignIssues
            self.changeAssignees = changeAssignees
            self.editIssues = editIssues
            self.commentOnIssue = commentOnIssue
            self.listUsers = listUsers
            self.addUser = addUser
            self.labels = labels
            self.milestones = milestones
            self.saveDraft = saveDraft
            self.discardDraft = discardDraft
            self.recoverDraft = recoverDraft
            self.watchChanges = watchChanges
            self.showHistory = showHistory
            self.projects = projects
        }
    }

    /// Who acts on every screen.
    public let actor: Login
    /// The front the screens are shown on.
    public let presenters: any Presenters
    /// What the session's level allows: the screens offer those keys and refuse the rest.
    public let permissions: Permissions
    let useCases: UseCases
    /// Makes another project's screens (a composition root's work: a session in that project, its
    /// level there); nil: the screens stay on one project.
    public let openProject: ProjectOpener?

    public typealias ProjectOpener = @MainActor (ProjectKey) async throws -> ScreenFactory

    public init(
        actor: Login, useCases: UseCases, presenters: any Presenters, permissions: Permissions = .databaseDecides,
        openProject: ProjectOpener? = nil
    ) {
        self.actor = actor
        self.useCases = useCases
        self.presenters = presenters
        self.permissions = permissions
        self.openProject = openProject
    }

    var watchChanges: WatchChanges? { useCases.watchChanges }

    public func app() -> AppCoordinator { AppCoordinator(factory: self) }

    public func issueList(scope: IssueListCoordinator.Scope = .tab) -> IssueListCoordinator {
        IssueListCoordinator(factory: self, scope: scope)
    }

    public func issueDetail(_ number: IssueNumber) -> IssueDetailCoordinator {
        IssueDetailCoordinator(factory: self, number: number)
    }

    public func issueCreator(prefill: SavedDraft? = nil) -> IssueCreatorCoordinator {
        IssueCreatorCoordinator(factory: self, prefill: prefill)
    }

    public func issueEditor(_ number: IssueNumber) -> IssueEditorCoordinator {
        IssueEditorCoordinator(factory: self, number: number)
    }

    public func commentComposer(_ number: IssueNumber) -> CommentComposerCoordinator {
        CommentComposerCoordinator(factory: self, number: number)
    }

    public func assignees(_ mode: AssigneeCoordinator.Mode) -> AssigneeCoordinator {
        AssigneeCoordinator(factory: self, mode: mode)
    }

    public func labels() -> LabelsCoordinator {
        TabCoordinator(viewModel: labelsViewModel(), presenter: presenters.labels(), appear: .appear)
    }

    public func milestones() -> MilestonesCoordinator { MilestonesCoordinator(factory: self) }

    public func people() -> PeopleCoordinator {
        TabCoordinator(viewModel: peopleViewModel(), presenter: presenters.people(), appear: .appear)
    }

    func appViewModel() -> AppViewModel { AppViewModel(recoverDraft: useCases.recoverDraft) }

    func issueListViewModel(filter: IssueFilter) -> IssueListViewModel {
        IssueListViewModel(
            useCases: .init(list: useCases.listIssues, close: useCases.closeIssue, reopen: useCases.reopenIssue),
            actor: actor, filter: filter, permissions: permissions)
    }

    func issueDetailViewModel(_ number: IssueNumber) -> IssueDetailViewModel {
        IssueDetailViewModel(
            number: number, actor: actor,
            useCases: .init(
                show: useCases.showIssue, close: useCases.closeIssue, reopen: useCases.reopenIssue,
                history: useCases.showHistory, edit: useCases.editIssues),
            permissions: permissions)
    }

    func issueCreatorViewModel(prefill: SavedDraft?) -> IssueCreatorViewModel {
        IssueCreatorViewModel(
            useCases: .init(
                create: useCases.createIssue, saveDraft: useCases.saveDraft, discardDraft: useCases.discardDraft),
            author: actor, prefill: prefill)
    }

    func issueEditorViewModel(_ number: IssueNumber) -> IssueEditorViewModel {
        IssueEditorViewModel(
            number: number, actor: actor,
            useCases: .init(show: useCases.showIssue, edit: useCases.editIssues, recoverDraft: useCases.recoverDraft))
    }

    func commentComposerViewModel(_ number: IssueNumber) -> CommentComposerViewModel {
        CommentComposerViewModel(
            number: number, author: actor,
            useCases: .init(comment: useCases.commentOnIssue, recoverDraft: useCases.recoverDraft))
    }

    func assigneeViewModel(_ mode: AssigneeCoordinator.Mode) -> AssigneeViewModel {
        let assigneeUseCases = AssigneeViewModel.UseCases(
            assign: useCases.assignIssues, unassign: useCases.unassignIssues, change: useCases.changeAssignees,
            show: useCases.showIssue, listUsers: useCases.listUsers)
        return switch mode {
        case .issue(let number), .toggle(let number, _):
            AssigneeViewModel(numbers: [number], actor: actor, useCases: assigneeUseCases)
        case .draft(let logins):
            AssigneeViewModel(numbers: [], actor: actor, useCases: assigneeUseCases, draft: logins)
        }
    }

    func labelsViewModel() -> LabelsViewModel {
        LabelsViewModel(labels: useCases.labels, actor: actor, permissions: permissions)
    }
    func milestonesViewModel() -> MilestonesViewModel {
        MilestonesViewModel(milestones: useCases.milestones, actor: actor, permissions: permissions)
    }
    func peopleViewModel() -> PeopleViewModel {
        PeopleViewModel(listUsers: useCases.listUsers, addUser: useCases.addUser, permissions: permissions)
    }
}
