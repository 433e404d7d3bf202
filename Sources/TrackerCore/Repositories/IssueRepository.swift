/// Holds issues and their timelines. Implementations throw `TrackerError`; every change writes
/// its events and moves `updatedAt` in the same transaction, and bulk changes are all-or-nothing.
public protocol IssueRepository: Sendable {
    /// Stores a new issue with the next number; a failed create uses up no number.
    func create(_ draft: IssueDraft, author: Login) async throws -> Issue
    /// Issues matching the filter, in its order, at most `limit` of them (`nil` = all).
    func list(_ filter: IssueFilter) async throws -> [Issue]
    /// The terms of a search that it leaves out (no letter or digit, a word too long to index)
    /// and any `OR` that joins nothing, in that order.
    func ignoredSearchWords(in search: String) async throws -> [String]
    /// The issue with its timeline and its comments.
    func details(of number: IssueNumber) async throws -> IssueDetails
    /// Adds assignees to every issue (already assigned is fine). Refuses, changing nothing, when
    /// an issue is missing or would pass 10 assignees; concurrent calls never pass the limit.
    func assign(_ logins: [Login], to numbers: [IssueNumber], actor: Login) async throws -> [Issue]
    /// Removes assignees (`nil` = all of them; not assigned is fine), all-or-nothing.
    func unassign(_ logins: [Login]?, from numbers: [IssueNumber], actor: Login) async throws -> [Issue]
    /// Removes `removing`, then adds `adding`, on one issue in one all-or-nothing change; the
    /// limit of 10 is checked on the result.
    func changeAssignees(
        of number: IssueNumber, adding: [Login], removing: [Login], actor: Login
    ) async throws
        -> Issue
    /// Hands every matching issue to `body` in the filter's order, without holding them all
    /// in memory (`limit` and `after` apply as in `list`).
    func stream(_ filter: IssueFilter, _ body: @escaping @Sendable (Issue) throws -> Void) async throws
    /// `export`: `stream`, and, read in the same flight, every label (by name) and milestone (by
    /// number), so the export can add those no issue carries.
    func streamWithOrganization(
        _ filter: IssueFilter, _ body: @escaping @Sendable (Issue) throws -> Void
    ) async throws -> (labels: [Label], milestones: [Milestone])
    /// Stores many issues in one all-or-nothing transaction, registering missing users, as
    /// imported by `actor`. Records whose source an issue here already came from are skipped
    /// (`ImportSources`) before numbers are given. Numbers and times are kept when the tracker is
    /// empty; otherwise the issues are numbered anew. `dryRun` does it all and rolls it back.
    /// `report` is told each step as it ends. `alone`: labels and milestones no record carries,
    /// created when missing in the same transaction.
    func importIssues(
        _ issues: [ImportedIssue], alone: ImportedLabelsAndMilestones, actor: Login, dryRun: Bool,
        report: @escaping ImportPhaseReport
    ) async throws -> ImportResult
    /// Takes back the latest import not undone as one change, removing the issues it created;
    /// `.changedMeanwhile` when any of them changed since, `.notFound` when there is none.
    func undoLastImport(actor: Login) async throws -> ImportUndone
    /// Applies `edit` to every issue as one all-or-nothing change: the title and body (one issue
    /// only; renamed and edited events, the body's mentions), then assignees as in
    /// `changeAssignees`. With `read`, the text is saved only if the issue's title and body are
    /// still at that version, checked in the statement that writes; otherwise `.editConflict`
    /// with the current issue, and nothing changes. Text equal to the current text is no change.
    func edit(_ numbers: [IssueNumber], _ edit: IssueEdit, read: ReadVersion?, actor: Login) async throws -> [Issue]
    /// The user's open issues: assigned to them, mentioning them, opened by them (see `IssueStatus`).
    func status(of user: Login, limit: Int) async throws -> IssueStatus
    /// `status` in every project, the session's first; one part alone when there is one project.
    func statusByProject(of user: Login, limit: Int) async throws -> [ProjectStatus]
    /// Closes every issue as one all-or-nothing change (a missing issue changes none of them); an
    /// issue already closed is `.unchanged`. The changes come in the order of `numbers`.
    func close(_ numbers: [IssueNumber], reason: StateReason, actor: Login) async throws -> [StateChange]
    /// Reopens every issue as one all-or-nothing change, like `close`.
    func reopen(_ numbers: [IssueNumber], actor: Login) async throws -> [StateChange]
    /// Closes `number` as a duplicate of `original` (reason `.duplicate`, one `closed` event that
    /// both timelines show). A closed issue is `.unchanged`; a missing, trashed or equal
    /// `original` changes nothing and is refused.
    func closeAsDuplicate(_ number: IssueNumber, of original: IssueNumber, actor: Login) async throws -> StateChange
}

extension IssueRepository {
    public func importIssues(_ issues: [ImportedIssue], actor: Login) async throws -> ImportResult {
        try await importIssues(issues, alone: .none, actor: actor, dryRun: false, report: { _ in })
    }

    /// Issues only, no labels or milestones on their own.
    public func importIssues(
        _ issues: [ImportedIssue], actor: Login, dryRun: Bool, report: @escaping ImportPhaseReport
    ) async throws -> ImportResult {
        try await importIssues(issues, alone: .none, actor: actor, dryRun: dryRun, report: report)
    }

    /// One issue: the several-issue change with one number.
    public func close(_ number: IssueNumber, reason: StateReason, actor: Login) async throws -> StateChange {
        try await close([number], reason: reason, actor: actor)[0]
    }

    public func reopen(_ number: IssueNumber, actor: Login) async throws -> StateChange {
        try await reopen([number], actor: actor)[0]
    }
}

extension IssueRepository {
    public func statusByProject(of user: Login, limit: Int) async throws -> [ProjectStatus] {
        [ProjectStatus(project: nil, status: try await status(of: user, limit: limit))]
    }
}
