import LineFront
import Postgres
import TerminalKit
import TrackerCore
import TrackerPostgres
import TrackerUI

/// Every use case the commands and screens run, made here over the root's repositories and
/// nowhere else.
extension CompositionRoot {
    var listIssues: ListIssues { ListIssues(issues: issues, labels: labels, milestones: milestones, users: users) }
    var streamIssues: StreamIssues {
        StreamIssues(issues: issues, labels: labels, milestones: milestones, users: users)
    }
    var showIssue: ShowIssue { ShowIssue(issues: issues) }
    var closeIssue: CloseIssue { CloseIssue(issues: issues) }
    var reopenIssue: ReopenIssue { ReopenIssue(issues: issues) }
    var createIssue: CreateIssue { CreateIssue(issues: issues, users: users, labels: labels, milestones: milestones) }
    var assignIssues: AssignIssues { AssignIssues(issues: issues, users: users) }
    var unassignIssues: UnassignIssues { UnassignIssues(issues: issues, users: users) }
    var changeAssignees: ChangeAssignees { ChangeAssignees(issues: issues, users: users) }
    var importIssues: ImportIssues { ImportIssues(issues: issues) }
    var undoImport: UndoImport { UndoImport(issues: issues) }
    var listUsers: ListUsers { ListUsers(users: users) }
    var addUser: AddUser { AddUser(users: users) }
    var editUser: EditUser { EditUser(users: users) }
    var manageAccess: ManageAccess { ManageAccess(access: PostgresAccessRepository(database: database)) }
    var manageProjects: ManageProjects { ManageProjects(projects: PostgresProjectRepository(database: database)) }
    var showStatus: ShowStatus { ShowStatus(issues: issues) }
    var showProgress: ShowProgress {
        ShowProgress(progress: PostgresProgressRepository(database: database), milestones: milestones)
    }
    var showComment: ShowComment { ShowComment(comments: comments) }
    var editComment: EditComment { EditComment(comments: comments) }
    var deleteComment: DeleteComment { DeleteComment(comments: comments) }
    var manageLabels: ManageLabels { ManageLabels(labels: labels) }
    var manageMilestones: ManageMilestones { ManageMilestones(milestones: milestones) }
    var versionsAndTrash: PostgresHistoryRepository { PostgresHistoryRepository(database: database) }
    var showHistory: ShowHistory { ShowHistory(history: versionsAndTrash) }
    var manageTrash: ManageTrash { ManageTrash(history: versionsAndTrash) }
    var undoChange: UndoChange { UndoChange(history: versionsAndTrash) }
    /// `@me`, `none` and the names people type, as the acting user sees them.
    var names: ResolveNames {
        ResolveNames(users: users, milestones: milestones, actor: { try await actingUser().login })
    }
    var watchChanges: WatchChanges { WatchChanges(feed: PostgresChangeFeed(database: database), users: users) }

    /// Text edits and comments the database could not take are kept as drafts on this machine.
    var editIssues: EditIssues {
        EditIssues(
            issues: issues, users: users, drafts: FileDraftRepository(environment: environment), labels: labels,
            milestones: milestones)
    }

    var commentOnIssue: CommentOnIssue {
        CommentOnIssue(comments: comments, drafts: FileDraftRepository(environment: environment))
    }

    /// Drafts live on this machine, so they need no database.
    static func saveDraft(environment: [String: String]) -> SaveDraft {
        SaveDraft(drafts: FileDraftRepository(environment: environment))
    }

    static func discardDraft(environment: [String: String]) -> DiscardDraft {
        DiscardDraft(drafts: FileDraftRepository(environment: environment))
    }

    static func recoverDraft(environment: [String: String]) -> RecoverDraft {
        RecoverDraft(drafts: FileDraftRepository(environment: environment))
    }

    /// The interactive screens, acting as `actor` with what the session's level allows, shown on the
    /// line front.
    @MainActor
    /// `editorFallback`: with no editor named, a body opens in `editor`, `nano` or `vi` (as the
    /// commands do) rather than being typed line by line (the screens' way).
    func screens(
        actor: Login, permissions: Permissions, on terminal: any Terminal, editorFallback: Bool = false
    ) -> ScreenFactory {
        let front = LinePresenters(
            terminal: terminal, me: actor,
            editBody: BodyEditor.make(environment: environment, fallback: editorFallback))
        return screens(actor: actor, permissions: permissions, presenters: front)
    }

    /// The interactive screens, acting as `actor` with what the session's level allows, shown on
    /// `presenters` (a front).
    @MainActor
    func screens(actor: Login, permissions: Permissions, presenters: any Presenters) -> ScreenFactory {
        let useCases = ScreenFactory.UseCases(
            listIssues: listIssues, showIssue: showIssue, closeIssue: closeIssue, reopenIssue: reopenIssue,
            createIssue: createIssue, assignIssues: assignIssues, unassignIssues: unassignIssues,
            changeAssignees: changeAssignees, editIssues: editIssues, commentOnIssue: commentOnIssue,
            listUsers: listUsers, addUser: addUser, labels: manageLabels, milestones: manageMilestones,
            saveDraft: Self.saveDraft(environment: environment),
            discardDraft: Self.discardDraft(environment: environment),
            recoverDraft: Self.recoverDraft(environment: environment), watchChanges: watchChanges,
            showHistory: showHistory, projects: manageProjects)
        return ScreenFactory(
            actor: actor, useCases: useCases, presenters: presenters, permissions: permissions,
            openProject: { key in
                let next = self.inProject(key)
                let permissions = try await next.manageAccess.permissions(actor: actor)
                return next.screens(actor: actor, permissions: permissions, presenters: presenters)
            })
    }

    /// The same tracker, in project `key` (a session of its own, told the key as `-R` tells it).
    func inProject(_ key: ProjectKey) -> CompositionRoot {
        let choice = ProjectChoice(key: key, reason: .flag)
        let session = Database(
            settings: database.settings, limits: database.limits, searchPath: database.searchPath,
            unreachableAdvice: database.unreachableAdvice, proof: database.proof,
            applicationName: database.applicationName, variables: choice.variables)
        return CompositionRoot(
            database: session, target: target, environment: environment, actingLogin: actingLogin, project: choice,
            terminal: terminal)
    }
}
