import TrackerCore
import TrackerUI

extension ScreenDependencies {
    /// A test's composition root: every use case over the given in-memory repositories (the
    /// issue repository holds the comments, labels and milestones too).
    public static func wiring(
        actor: Login, issues: InMemoryIssueRepository, users: any AssigneeRepository, drafts: any DraftRepository,
        editBody: (@Sendable (String) -> String?)? = nil
    ) -> ScreenDependencies {
        let labels = InMemoryLabelRepository(issues: issues)
        let milestones = InMemoryMilestoneRepository(issues: issues)
        return ScreenDependencies(
            actor: actor, listIssues: ListIssues(issues: issues, labels: labels, milestones: milestones, users: users),
            showIssue: ShowIssue(issues: issues),
            closeIssue: CloseIssue(issues: issues), reopenIssue: ReopenIssue(issues: issues),
            createIssue: CreateIssue(issues: issues, users: users, labels: labels, milestones: milestones),
            assignIssues: AssignIssues(issues: issues, users: users),
            unassignIssues: UnassignIssues(issues: issues, users: users),
            changeAssignees: ChangeAssignees(issues: issues, users: users),
            editIssues: EditIssues(
                issues: issues, users: users, drafts: drafts, labels: labels, milestones: milestones),
            commentOnIssue: CommentOnIssue(comments: issues, drafts: drafts), listUsers: ListUsers(users: users),
            saveDraft: SaveDraft(drafts: drafts), discardDraft: DiscardDraft(drafts: drafts),
            recoverDraft: RecoverDraft(drafts: drafts),
            organization: OrganizationUseCases(labels: labels, milestones: milestones, users: users), editBody: editBody
        )
    }
}
