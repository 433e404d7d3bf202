import TrackerCore
import TrackerUI

extension ScreenDependencies {
    /// A test's composition root: every use case over the given (usually in-memory) repositories.
    public static func wiring(
        actor: Login, issues: any IssueRepository, users: any AssigneeRepository, drafts: any DraftRepository,
        editBody: (@Sendable (String) -> String?)? = nil
    ) -> ScreenDependencies {
        ScreenDependencies(
            actor: actor, listIssues: ListIssues(issues: issues), showIssue: ShowIssue(issues: issues),
            closeIssue: CloseIssue(issues: issues), reopenIssue: ReopenIssue(issues: issues),
            createIssue: CreateIssue(issues: issues, users: users),
            assignIssues: AssignIssues(issues: issues, users: users),
            unassignIssues: UnassignIssues(issues: issues, users: users),
            changeAssignees: ChangeAssignees(issues: issues, users: users), listUsers: ListUsers(users: users),
            saveDraft: SaveDraft(drafts: drafts), discardDraft: DiscardDraft(drafts: drafts),
            recoverDraft: RecoverDraft(drafts: drafts), editBody: editBody)
    }
}
