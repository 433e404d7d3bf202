import TrackerCore

/// What the interactive screens are built from: use cases, the acting user, and how to open the
/// person's editor. Built by a composition root (the executable's, or a test's); screens never
/// see a repository.
public struct ScreenDependencies: Sendable {
    public let actor: Login
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
    let saveDraft: SaveDraft
    let discardDraft: DiscardDraft
    let recoverDraft: RecoverDraft
    let organization: OrganizationUseCases
    /// Opens `$VISUAL`/`$EDITOR` on the text and returns what was saved; nil when there is none.
    let editBody: (@Sendable (String) -> String?)?
    /// Follows teammates' changes for the live list and issue screens; nil: the screens do not follow.
    let watchChanges: WatchChanges?

    public init(
        actor: Login, listIssues: ListIssues, showIssue: ShowIssue, closeIssue: CloseIssue, reopenIssue: ReopenIssue,
        createIssue: CreateIssue, assignIssues: AssignIssues, unassignIssues: UnassignIssues,
        changeAssignees: ChangeAssignees, editIssues: EditIssues, commentOnIssue: CommentOnIssue, listUsers: ListUsers,
        saveDraft: SaveDraft, discardDraft: DiscardDraft,
        recoverDraft: RecoverDraft, organization: OrganizationUseCases,
        editBody: (@Sendable (String) -> String?)? = nil,
        watchChanges: WatchChanges? = nil
    ) {
        self.actor = actor
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
        self.saveDraft = saveDraft
        self.discardDraft = discardDraft
        self.recoverDraft = recoverDraft
        self.organization = organization
        self.editBody = editBody
        self.watchChanges = watchChanges
    }

    var issueListUseCases: IssueListViewModel.UseCases {
        .init(list: listIssues, close: closeIssue, reopen: reopenIssue)
    }

    var issueDetailUseCases: IssueDetailViewModel.UseCases {
        .init(show: showIssue, close: closeIssue, reopen: reopenIssue)
    }

    var issueCreatorUseCases: IssueCreatorViewModel.UseCases {
        .init(create: createIssue, saveDraft: saveDraft, discardDraft: discardDraft)
    }

    var issueEditorUseCases: IssueEditorViewModel.UseCases {
        .init(show: showIssue, edit: editIssues, recoverDraft: recoverDraft)
    }

    var commentComposerUseCases: CommentComposerViewModel.UseCases {
        .init(comment: commentOnIssue, recoverDraft: recoverDraft)
    }

    var assigneeUseCases: AssigneeViewModel.UseCases {
        .init(
            assign: assignIssues, unassign: unassignIssues, change: changeAssignees, show: showIssue,
            listUsers: listUsers)
    }
}
