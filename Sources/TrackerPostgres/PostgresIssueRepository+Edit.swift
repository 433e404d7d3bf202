import Postgres
import TrackerCore

extension PostgresIssueRepository {
    /// One flight: `tracker_edit_issues` (every name checked, the issues locked, each issue's
    /// changes in the order of `numbers`), the issues read back, COMMIT. Two refusals ask the
    /// database once more, after the flight was refused and only then: a text conflict reads the
    /// issue as it is now (to say what changed), and the assignee limit asks which issue would
    /// have overflowed (the constraint does not say).
    public func edit(
        _ numbers: [IssueNumber], _ edit: IssueEdit, read: ReadVersion?, actor: Login
    ) async throws -> [Issue] {
        guard !edit.changesText || numbers.count == 1 else { throw TrackerError.textEditOfSeveral }
        var statements = [IssueChanges.edit(numbers, edit, read: read, actor: actor)]
        if let typed = edit.typedFirst, let read {
            // The text as typed first, against the version read; then the merged text over it.
            let first = try IssueEdit(title: typed.title, body: typed.body)
            statements = [
                IssueChanges.edit(numbers, first, read: read, actor: actor),
                IssueChanges.edit(numbers, edit, read: nil, actor: actor),
            ]
        }
        if let plan = IssueChanges.plan(numbers, priority: edit.priority, due: edit.due, actor: actor) {
            statements.append(plan)
        }
        statements = IssueStructureQueries.changes(of: edit, numbers, actor: actor) + statements
        return try await change(numbers, statements, edit, read: read)
    }

    /// Sends `statement` (one of `IssueChanges`' edits of `numbers`) and reads the issues back.
    func change(
        _ numbers: [IssueNumber], _ statements: [Statement], _ edit: IssueEdit, read: ReadVersion? = nil
    ) async throws -> [Issue] {
        let readBack: PendingResult
        do {
            readBack = try await database.transaction { connection in
                for statement in statements { connection.send(statement) }
                return connection.send(IssueChanges.issues(numbers))
            }
        } catch let error as PostgresError {
            throw try await refusal(error, of: numbers, edit, read: read)
        }
        return try decoded { try IssueRowDecoding.existingIssues(numbers, in: try readBack.result()) }
    }

    /// What a refused edit means for the person.
    private func refusal(
        _ error: PostgresError, of numbers: [IssueNumber], _ edit: IssueEdit, read: ReadVersion?
    ) async throws -> TrackerError {
        if error.sqlState == IssueChanges.conflictCode, let read, let number = numbers.first {
            let current = try await database.tracked { connection in
                try IssueRepositoryQueries.issue(number.value, on: connection)
            }
            return .editConflict(EditConflict(read: read, current: current))
        }
        let milestone: MilestoneTitle? = if case .set(let title) = edit.milestone { title } else { nil }
        if let vanished = try await VanishedNames.refusal(
            error, labels: edit.addLabels, milestone: milestone, on: database)
        {
            return vanished
        }
        if error.constraint == "issues_assignee_limit" {
            return try await assigneeOverflow(adding: edit.addAssignees, removing: edit.removeAssignees, to: numbers)
                ?? error.trackerError
        }
        return error.trackerError
    }

    public func status(of user: Login, limit: Int) async throws -> IssueStatus {
        try await database.tracked { connection in
            try IssueStatusQuery.status(in: try connection.query(IssueStatusQuery.sql, [user.value, limit]))
        }
    }

    /// The session's project with the list of projects it may read in one flight (one round trip
    /// when it is the only one); then every other project's in a second, each statement after a
    /// `set_config` of `tracker.project` local to the flight's transaction, so every status
    /// statement reads one project's rows through its indexes.
    public func statusByProject(of user: Login, limit: Int) async throws -> [ProjectStatus] {
        let (projects, first) = try await database.tracked { connection in
            let projects = connection.send(
                "SELECT \(PostgresProjectRepository.columns), id = tracker_project_id() \(ProjectStatements.readable)")
            let status = connection.send(IssueStatusQuery.sql, [user.value, limit])
            try connection.flush()
            return (try projects.result(), try status.result())
        }
        var current: Project?
        var others: [Project] = []
        for row in projects.rows {
            let project = try PostgresProjectRepository.project(row)
            if try row.decode(5) { current = project } else { others.append(project) }
        }
        let here = ProjectStatus(project: current, status: try IssueStatusQuery.status(in: first))
        guard !others.isEmpty else { return [ProjectStatus(project: nil, status: here.status)] }
        let results = try await database.trackedTransaction { connection in
            try ProjectStatements.run(
                Statement(IssueStatusQuery.sql, [user.value, limit]), in: others.map(\.key), on: connection)
        }
        return [here]
            + (try zip(others, results).map { ProjectStatus(project: $0, status: try IssueStatusQuery.status(in: $1)) })
    }
}

/// `tracker status` in one statement: each section through its own index (assignees by user,
/// mentions by user, issues by author and state), with its total.
///
/// The total needs every matching issue, so the LIMIT cannot stop a scan early; but the planner
/// costs as if it could and, at a million issues, walked all open issues looking for the user's
/// assignments (0.4 s). So the assigned and mentioned sections start from the user's own rows and
/// read each issue by its number: `OFFSET 0` keeps that lookup a subquery the planner cannot
/// turn back into a join over all issues.
enum IssueStatusQuery {
    static func status(in result: QueryResult) throws -> IssueStatus {
        var sections: [String: IssueStatus.Section] = [:]
        for row in result.rows {
            let name: String = try row.decode("section")
            sections[name, default: .init(issues: [], total: 0)].issues.append(try IssueRowDecoding.issue(from: row))
            sections[name]?.total = try row.decode("total")
        }
        let empty = IssueStatus.Section(issues: [], total: 0)
        return IssueStatus(
            assigned: sections["assigned"] ?? empty, mentioned: sections["mentioned"] ?? empty,
            opened: sections["opened"] ?? empty)
    }

    static let sql = """
        WITH me AS (SELECT id FROM users WHERE lower(login) = lower($1)),
        assigned AS (
            SELECT i.number, count(*) OVER () AS total
              FROM issue_assignees ia
             CROSS JOIN LATERAL (\(openIssue("ia.issue_number"))) i
             WHERE ia.user_id = (SELECT id FROM me)
             ORDER BY i.updated_at DESC, i.number DESC LIMIT $2
        ),
        mentioned AS (
            SELECT i.number, count(*) OVER () AS total
              FROM (SELECT DISTINCT m.issue_number FROM issue_mentions m
                     WHERE m.user_id = (SELECT id FROM me) AND \(IssueRowDecoding.mentionIsLive)) m
             CROSS JOIN LATERAL (\(openIssue("m.issue_number"))) i
             ORDER BY i.updated_at DESC, i.number DESC LIMIT $2
        ),
        opened AS (
            SELECT i.number, count(*) OVER () AS total FROM issues i
             WHERE i.state = 'open' AND i.author_id = (SELECT id FROM me) AND i.deleted_at IS NULL
             ORDER BY i.updated_at DESC, i.number DESC LIMIT $2
        ),
        picked AS (
            SELECT 1 AS position, 'assigned' AS section, number, total FROM assigned
            UNION ALL SELECT 2, 'mentioned', number, total FROM mentioned
            UNION ALL SELECT 3, 'opened', number, total FROM opened
        )
        SELECT picked.section, picked.total, \(IssueRowDecoding.columns)
          FROM picked JOIN issues i ON i.number = picked.number JOIN users author ON author.id = i.author_id
         ORDER BY picked.position, i.updated_at DESC, i.number DESC
        """

    /// The issue numbered `number` if it is open, read through its index, one issue at a time.
    private static func openIssue(_ number: String) -> String {
        """
        SELECT i.number, i.updated_at FROM issues i
         WHERE i.number = \(number) AND i.state = 'open' AND i.deleted_at IS NULL OFFSET 0
        """
    }
}
