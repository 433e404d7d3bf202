import Postgres
import TrackerCore

extension PostgresIssueRepository {
    public func edit(
        _ numbers: [IssueNumber], _ edit: IssueEdit, read: ReadVersion?, actor: Login
    ) async throws -> [Issue] {
        guard !edit.changesText || numbers.count == 1 else { throw TrackerError.textEditOfSeveral }
        return try await database.trackedTransaction { connection in
            let actorID = try UserLookup.id(of: actor, on: connection)
            let addedIDs = try UserLookup.ids(of: edit.addAssignees, on: connection)
            let removedIDs = try UserLookup.ids(of: edit.removeAssignees, on: connection)
            let addedLabels = try OrganizationLookup.labelIDs(of: edit.addLabels, on: connection)
            let removedLabels = try OrganizationLookup.labelIDs(of: edit.removeLabels, on: connection)
            let milestone: Int64?? =
                switch edit.milestone {
                case nil: .none
                case .remove: .some(nil)
                case .set(let title): .some(try OrganizationLookup.milestoneNumber(of: title, on: connection))
                }
            try IssueRepositoryQueries.lock(numbers, on: connection)
            return try numbers.map { number in
                if edit.changesText {
                    try IssueTextUpdate.save(
                        number.value, title: edit.title, body: edit.body, read: read, actor: actorID, on: connection)
                }
                try IssueAssignees.change(
                    number, adding: addedIDs, removing: removedIDs, actor: actorID, on: connection)
                try IssueOrganization.removeLabels(removedLabels, from: number.value, actor: actorID, on: connection)
                try IssueOrganization.addLabels(addedLabels, to: number.value, actor: actorID, on: connection)
                if case .some(let milestone) = milestone {
                    try IssueOrganization.setMilestone(milestone, of: number.value, actor: actorID, on: connection)
                }
                return try IssueRepositoryQueries.issue(number.value, on: connection)
            }
        }
    }

    public func status(of user: Login, limit: Int) async throws -> IssueStatus {
        try await database.tracked { connection in
            var sections: [String: IssueStatus.Section] = [:]
            for row in try connection.query(IssueStatusQuery.sql, [user.value, limit]).rows {
                let name: String = try row.decode("section")
                sections[name, default: .init(issues: [], total: 0)].issues.append(
                    try IssueRowDecoding.issue(from: row))
                sections[name]?.total = try row.decode("total")
            }
            let empty = IssueStatus.Section(issues: [], total: 0)
            return IssueStatus(
                assigned: sections["assigned"] ?? empty, mentioned: sections["mentioned"] ?? empty,
                opened: sections["opened"] ?? empty)
        }
    }
}

/// The one statement that saves a new title and/or body with its events.
enum IssueTextUpdate {
    static func save(
        _ number: Int64, title: String?, body: String?, read: ReadVersion?, actor: Int64, on connection: Connection
    ) throws {
        // The version is compared in the UPDATE itself; `old` is the row as locked before it.
        let row = try connection.query(
            """
            WITH old AS (SELECT number, title, body, version FROM issues WHERE number = $1),
            wanted AS (SELECT coalesce($2, old.title) AS title, coalesce($3, old.body) AS body FROM old),
            updated AS (
                UPDATE issues i SET title = wanted.title, body = wanted.body, version = old.version + 1,
                                    updated_at = clock_timestamp()
                  FROM old, wanted
                 WHERE i.number = old.number AND ($4::bigint IS NULL OR old.version = $4)
                   AND (wanted.title <> old.title OR wanted.body <> old.body)
                RETURNING i.number
            ),
            recorded AS (
                INSERT INTO issue_events (issue_number, kind, actor_id, previous_title, current_title, created_at)
                SELECT old.number, 'renamed', $5::bigint, old.title, wanted.title, clock_timestamp()
                  FROM old, wanted, updated WHERE wanted.title <> old.title
                UNION ALL
                SELECT old.number, 'edited', $5::bigint, NULL, NULL, clock_timestamp()
                  FROM old, wanted, updated WHERE wanted.body <> old.body
            )
            SELECT old.version, (SELECT count(*) FROM updated) AS saved,
                   wanted.title <> old.title OR wanted.body <> old.body AS differs
              FROM old, wanted
            """, [number, title, body, read?.version, actor]
        ).rows[0]
        let saved: Int64 = try row.decode("saved")
        let differs: Bool = try row.decode("differs")
        if saved == 0, differs, let read {
            throw TrackerError.editConflict(
                EditConflict(read: read, current: try IssueRepositoryQueries.issue(number, on: connection)))
        }
        if saved > 0, let body { IssueMentions.replace(issue: number, comment: nil, text: body, on: connection) }
    }
}

/// `tracker status` in one statement: each section through its own index (assignees by user,
/// mentions by user, issues by author and state), with its total.
enum IssueStatusQuery {
    static let sql = """
        WITH me AS (SELECT id FROM users WHERE lower(login) = lower($1)),
        assigned AS (
            SELECT i.number, count(*) OVER () AS total FROM issues i
             WHERE i.state = 'open'
               AND i.number IN (SELECT ia.issue_number FROM issue_assignees ia WHERE ia.user_id = (SELECT id FROM me))
             ORDER BY i.updated_at DESC, i.number DESC LIMIT $2
        ),
        mentioned AS (
            SELECT i.number, count(*) OVER () AS total FROM issues i
             WHERE i.state = 'open'
               AND i.number IN (SELECT m.issue_number FROM issue_mentions m WHERE m.user_id = (SELECT id FROM me))
             ORDER BY i.updated_at DESC, i.number DESC LIMIT $2
        ),
        opened AS (
            SELECT i.number, count(*) OVER () AS total FROM issues i
             WHERE i.state = 'open' AND i.author_id = (SELECT id FROM me)
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
}
