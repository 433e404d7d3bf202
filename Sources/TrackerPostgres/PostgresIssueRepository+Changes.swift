import Postgres
import TrackerCore

extension PostgresIssueRepository {
    /// One flight: the issues locked (all must exist), everyone named checked, the new
    /// assignments with their events, then the issues read back. The CHECK on assignee_count
    /// refuses an 11th assignee; only then is the database asked which issue overflowed.
    public func assign(_ logins: [Login], to numbers: [IssueNumber], actor: Login) async throws -> [Issue] {
        do {
            return try await changeAssignments(
                of: numbers, actor: actor, checking: logins,
                change: """
                    WITH wanted AS (
                        SELECT issue.number AS issue_number, tracker_user_id(person.login) AS user_id,
                               issue.position AS issue_position, person.position AS person_position
                          FROM unnest($1::bigint[]) WITH ORDINALITY AS issue (number, position),
                               unnest($2::text[]) WITH ORDINALITY AS person (login, position)
                    ),
                    added AS (
                        INSERT INTO issue_assignees (issue_number, user_id)
                        SELECT issue_number, user_id FROM wanted ORDER BY issue_position, person_position
                        ON CONFLICT DO NOTHING
                        RETURNING issue_number, user_id
                    ),
                    recorded AS (
                        INSERT INTO issue_events (issue_number, kind, actor_id, subject_user_id, created_at)
                        SELECT issue_number, 'assigned', tracker_user_id($3), user_id, clock_timestamp() FROM added
                    )
                    UPDATE issues SET updated_at = clock_timestamp() WHERE number IN (SELECT issue_number FROM added)
                    """, parameters: [PostgresTextArray(logins.map(\.value)), actor.value])
        } catch let error as PostgresError where error.constraint == "issues_assignee_limit" {
            throw try await assigneeOverflow(adding: logins, removing: [], to: numbers) ?? error.trackerError
        }
    }

    /// `logins` nil removes everyone.
    public func unassign(_ logins: [Login]?, from numbers: [IssueNumber], actor: Login) async throws -> [Issue] {
        try await changeAssignments(
            of: numbers, actor: actor, checking: logins ?? [],
            change: """
                WITH removed AS (
                    DELETE FROM issue_assignees
                     WHERE issue_number = ANY($1::bigint[])
                       AND ($2::text[] IS NULL
                            OR user_id IN (SELECT tracker_user_id(person) FROM unnest($2::text[]) AS person))
                    RETURNING issue_number, user_id
                ),
                recorded AS (
                    INSERT INTO issue_events (issue_number, kind, actor_id, subject_user_id, created_at)
                    SELECT issue_number, 'unassigned', tracker_user_id($3), user_id, clock_timestamp() FROM removed
                )
                UPDATE issues SET updated_at = clock_timestamp() WHERE number IN (SELECT issue_number FROM removed)
                """, parameters: [logins.map { PostgresTextArray($0.map(\.value)) }, actor.value])
    }

    /// `change` reads the numbers as $1 and `parameters` from $2 on. Throws `PostgresError`
    /// only for the assignee limit (so the caller can word it); other errors are mapped.
    private func changeAssignments(
        of numbers: [IssueNumber], actor: Login, checking logins: [Login], change: String,
        parameters: [any PostgresEncodable]
    ) async throws -> [Issue] {
        let values = PostgresTextArray(numbers.map { String($0.value) })
        let read: PendingResult
        do {
            read = try await database.transaction { connection in
                connection.send(SchemaGuard.userCheck(actor))
                if !logins.isEmpty {
                    connection.send(
                        "SELECT tracker_user_id(person) FROM unnest($1::text[]) AS person",
                        [PostgresTextArray(logins.map(\.value))])
                }
                connection.send("SELECT tracker_lock_issues($1::bigint[])", [values])
                connection.send(change, [values] + parameters)
                return connection.send(IssueRowDecoding.selectIssues + " WHERE i.number = ANY($1::bigint[])", [values])
            }
        } catch let error as PostgresError where error.constraint != "issues_assignee_limit" {
            throw error.trackerError
        }
        return try decoded { try IssueRowDecoding.existingIssues(numbers, in: try read.result()) }
    }

    /// After the limit refused a change: the first issue that would have had too many, counting
    /// `removing` as gone first.
    func assigneeOverflow(
        adding logins: [Login], removing removed: [Login], to numbers: [IssueNumber]
    ) async throws -> TrackerError? {
        let counts = try await database.tracked { connection in
            try connection.query(
                """
                SELECT i.number, i.assignee_count
                       - (SELECT count(*) FROM issue_assignees ia JOIN users u ON u.id = ia.user_id
                           WHERE ia.issue_number = i.number AND lower(u.login) = ANY($3::text[]))
                       + (SELECT count(*) FROM users u
                           WHERE lower(u.login) = ANY($2::text[])
                             AND NOT EXISTS (SELECT 1 FROM issue_assignees ia
                                              WHERE ia.issue_number = i.number AND ia.user_id = u.id))
                  FROM unnest($1::bigint[]) WITH ORDINALITY AS wanted (number, position)
                  JOIN issues i ON i.number = wanted.number
                 ORDER BY wanted.position
                """,
                [
                    PostgresTextArray(numbers.map { String($0.value) }),
                    PostgresTextArray(logins.map { $0.value.lowercased() }),
                    PostgresTextArray(removed.map { $0.value.lowercased() }),
                ]
            ).rows
        }
        return try decoded {
            for row in counts {
                let count: Int = try row.decode(1)
                if count > IssueDraft.maximumAssignees {
                    return .tooManyAssignees(issue: try IssueNumber(try row.decode(0) as Int64), count: count)
                }
            }
            return nil
        }
    }

    public func changeAssignees(
        of number: IssueNumber, adding: [Login], removing: [Login], actor: Login
    )
        async throws -> Issue
    {
        try await database.trackedTransaction { connection in
            let actorID = try UserLookup.id(of: actor, on: connection)
            let addedIDs = try UserLookup.ids(of: adding, on: connection)
            let removedIDs = try UserLookup.ids(of: removing, on: connection)
            try IssueRepositoryQueries.lock([number], on: connection)
            try IssueAssignees.change(number, adding: addedIDs, removing: removedIDs, actor: actorID, on: connection)
            return try IssueRepositoryQueries.issue(number.value, on: connection)
        }
    }
}
