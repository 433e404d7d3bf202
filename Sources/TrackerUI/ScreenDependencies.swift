import TrackerCore

/// What the interactive screens are built from: use cases, the acting user, where unsaved
/// drafts go, and how to open the person's editor. Handed in by the composition root.
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
    let listUsers: ListUsers
    let drafts: any DraftRepository
    /// Opens `$VISUAL`/`$EDITOR` on the text and returns what was saved; nil when there is none.
    let editBody: (@Sendable (String) -> String?)?

    public init(
        actor: Login, issues: any IssueRepository, users: any AssigneeRepository, drafts: any DraftRepository,
        editBody: (@Sendable (String) -> String?)? = nil
    ) {
        self.actor = actor
        listIssues = ListIssues(issues: issues)
        showIssue = ShowIssue(issues: issues)
        closeIssue = CloseIssue(issues: issues)
        reopenIssue = ReopenIssue(issues: issues)
        createIssue = CreateIssue(issues: issues, users: users)
        assignIssues = AssignIssues(issues: issues, users: users)
        unassignIssues = UnassignIssues(issues: issues, users: users)
        changeAssignees = ChangeAssignees(issues: issues, users: users)
        listUsers = ListUsers(users: users)
        self.drafts = drafts
        self.editBody = editBody
    }

    var issueListUseCases: IssueListViewModel.UseCases {
        .init(list: listIssues, show: showIssue, close: closeIssue, reopen: reopenIssue)
    }

    var assigneeUseCases: AssigneeViewModel.UseCases {
        .init(
            assign: assignIssues, unassign: unassignIssues, change: changeAssignees, show: showIssue,
            listUsers: listUsers)
    }
}
