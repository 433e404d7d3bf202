import TrackerCore
import TrackerUI

extension ScreenDependencies {
    /// A test's composition root: every use case over the given in-memory repositories (the
    /// issue repository holds the comments too).
    public static func wiring(
        actor: Login, issues: InMemoryIssueRepository, users: any AssigneeRepository, drafts: any DraftRepository,
        editBody: (@Sendable (String) -> String?)? = nil
    ) -> ScreenDependencies {
        ScreenDependencies(
            actor: actor, listIssues: ListIssues(issues: issues), showIssue: ShowIssue(issues: issues),
            closeIssue: CloseIssue(issues: issues), reopenIssue: ReopenIssue(issues: issues),
            createIssue: CreateIssue(issues: issues, users: users),
            assignIssues: AssignIssues(issues: issues, users: users),
            unassignIssues: UnassignIssues(issues: issues, users: users),
            changeAssignees: ChangeAssignees(issues: issues, users: users),
            editIssues: EditIssues(issues: issues, users: users, drafts: drafts),
            commentOnIssue: CommentOnIssue(comments: issues, drafts: drafts), listUsers: ListUsers(users: users),
            saveDraft: SaveDraft(drafts: drafts), discardDraft: DiscardDraft(drafts: drafts),
            recoverDraft: RecoverDraft(drafts: drafts), editBody: editBody)
    }
}
