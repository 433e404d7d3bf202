import TrackerCore
import TrackerUI

/// The view models the scripted commands drive once, over the root's use cases: the same view
/// models as the screens' wherever a screen does the same thing.
@MainActor
extension CompositionRoot {
    func issueList(_ filter: IssueFilter = IssueFilter(), actor: Login? = nil) -> IssueListViewModel {
        IssueListViewModel(
            useCases: .init(list: listIssues, close: closeIssue, reopen: reopenIssue), actor: actor, filter: filter)
    }

    func issueDetail(_ number: IssueNumber) -> IssueDetailViewModel {
        IssueDetailViewModel(number: number, actor: nil, useCases: .init(show: showIssue))
    }

    /// `discardsDraft`: the issue is made from the saved draft, forgotten once the issue exists.
    func issueCreator(author: Login, discardsDraft: Bool) -> IssueCreatorViewModel {
        IssueCreatorViewModel(
            useCases: .init(
                create: createIssue,
                discardDraft: discardsDraft ? Self.discardDraft(environment: environment) : nil),
            author: author)
    }

    func issueEdits(actor: Login) -> IssueEditsViewModel { IssueEditsViewModel(editIssues: editIssues, actor: actor) }

    func issueTextEditing(_ number: IssueNumber, actor: Login) -> IssueTextEditingViewModel {
        IssueTextEditingViewModel(
            number: number, actor: actor,
            useCases: .init(
                show: showIssue, edit: editIssues, recoverDraft: Self.recoverDraft(environment: environment),
                saveDraft: Self.saveDraft(environment: environment),
                discardDraft: Self.discardDraft(environment: environment)))
    }

    func assignees(_ numbers: [IssueNumber], actor: Login) -> AssigneeViewModel {
        AssigneeViewModel(
            numbers: numbers, actor: actor, useCases: .init(assign: assignIssues, unassign: unassignIssues))
    }

    func commentComposer(_ number: IssueNumber, author: Login) -> CommentComposerViewModel {
        CommentComposerViewModel(
            number: number, author: author,
            useCases: .init(comment: commentOnIssue, recoverDraft: Self.recoverDraft(environment: environment)))
    }

    func comment(_ id: CommentID, actor: Login) -> CommentViewModel {
        CommentViewModel(
            id: id, actor: actor, useCases: .init(show: showComment, edit: editComment, delete: deleteComment))
    }

    func status(of actor: Login) -> StatusViewModel { StatusViewModel(showStatus: showStatus, actor: actor) }

    func progress() -> ProgressViewModel { ProgressViewModel(showProgress: showProgress) }

    /// `repository`: gh's, which chose the project (`ImportCommand.repository(of:flag:)`).
    func importer(actor: Login, repository: GitRemote? = nil, report: @escaping ImportPhaseReport) -> ImportViewModel {
        ImportViewModel(
            importIssues: importIssues, undoImport: undoImport, actor: actor, report: report,
            repository: repository.map { ($0, manageProjects) })
    }

    /// `actor`: who deletes; nil where nothing is deleted.
    func labels(actor: Login? = nil) -> LabelsViewModel { LabelsViewModel(labels: manageLabels, actor: actor) }

    func milestones(actor: Login? = nil) -> MilestonesViewModel {
        MilestonesViewModel(milestones: manageMilestones, actor: actor)
    }

    func access() -> AccessViewModel { AccessViewModel(manageAccess: manageAccess) }

    /// `actor`: who moves an issue; nil where none is moved.
    func projects(actor: Login? = nil) -> ProjectsViewModel {
        ProjectsViewModel(manageProjects: manageProjects, actor: actor)
    }

    func people() -> PeopleViewModel { PeopleViewModel(listUsers: listUsers, addUser: addUser, editUser: editUser) }

    func history() -> HistoryViewModel { HistoryViewModel(showHistory: showHistory) }

    func trash(actor: Login) -> TrashViewModel { TrashViewModel(trash: manageTrash, actor: actor) }

    func undo(actor: Login) -> UndoViewModel { UndoViewModel(undoChange: undoChange, actor: actor) }
}
