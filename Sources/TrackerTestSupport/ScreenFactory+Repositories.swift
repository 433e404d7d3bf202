import FullScreenFront
import LineFront
import TerminalKit
import TrackerCore
import TrackerUI

extension ScreenFactory.UseCases {
    /// A test's composition root: every use case over the given in-memory repositories (the
    /// issue repository holds the comments, labels and milestones too).
    public static func wiring(
        issues: InMemoryIssueRepository, users: any UserRepository, drafts: any DraftRepository,
        projects: (any ProjectRepository)? = nil
    ) -> ScreenFactory.UseCases {
        let labels = InMemoryLabelRepository(issues: issues)
        let milestones = InMemoryMilestoneRepository(issues: issues)
        return ScreenFactory.UseCases(
            listIssues: ListIssues(issues: issues, labels: labels, milestones: milestones, users: users),
            showIssue: ShowIssue(issues: issues), closeIssue: CloseIssue(issues: issues),
            reopenIssue: ReopenIssue(issues: issues),
            createIssue: CreateIssue(issues: issues, users: users, labels: labels, milestones: milestones),
            assignIssues: AssignIssues(issues: issues, users: users),
            unassignIssues: UnassignIssues(issues: issues, users: users),
            changeAssignees: ChangeAssignees(issues: issues, users: users),
            editIssues: EditIssues(
                issues: issues, users: users, drafts: drafts, labels: labels, milestones: milestones),
            commentOnIssue: CommentOnIssue(comments: issues, drafts: drafts), listUsers: ListUsers(users: users),
            addUser: AddUser(users: users), labels: ManageLabels(labels: labels),
            milestones: ManageMilestones(milestones: milestones), saveDraft: SaveDraft(drafts: drafts),
            discardDraft: DiscardDraft(drafts: drafts), recoverDraft: RecoverDraft(drafts: drafts),
            showHistory: ShowHistory(history: issues), projects: projects.map { ManageProjects(projects: $0) })
    }
}

extension ScreenFactory {
    /// The screens over in-memory repositories, shown on the line front on `terminal`.
    public static func wiring(
        actor: Login, issues: InMemoryIssueRepository, users: any UserRepository, drafts: any DraftRepository,
        terminal: any Terminal, editBody: BodyEditing? = nil, permissions: Permissions = .databaseDecides
    ) -> ScreenFactory {
        ScreenFactory(
            actor: actor, useCases: .wiring(issues: issues, users: users, drafts: drafts),
            presenters: LinePresenters(terminal: terminal, me: actor, editBody: editBody), permissions: permissions)
    }

    /// The screens of one project of `tracker` (`key`; nil: the default) on `presenters`, able to
    /// open another project's as the executable's composition root does.
    public static func wiring(
        actor: Login, tracker: InMemoryProjects, key: String?, drafts: any DraftRepository,
        presenters: any Presenters
    ) async throws -> ScreenFactory {
        let (issues, projects) = try await tracker.session(key: key)
        let name = try await projects.current().key.value
        return ScreenFactory(
            actor: actor, useCases: .wiring(issues: issues, users: tracker.users, drafts: drafts, projects: projects),
            presenters: presenters,
            permissions: Permissions(name: actor.value, actor: actor, level: .admin, project: name),
            openProject: { key in
                try await wiring(actor: actor, tracker: tracker, key: key.value, drafts: drafts, presenters: presenters)
            })
    }

    /// The screens over in-memory repositories, shown on the full-screen front on `screen`.
    public static func wiring(
        actor: Login, issues: InMemoryIssueRepository, users: any UserRepository, drafts: any DraftRepository,
        screen: any Screen, editBody: BodyEditing? = nil, permissions: Permissions = .databaseDecides
    ) -> ScreenFactory {
        ScreenFactory(
            actor: actor, useCases: .wiring(issues: issues, users: users, drafts: drafts),
            presenters: FullScreenPresenters(screen: screen, me: actor, editBody: editBody), permissions: permissions)
    }
}
