import Postgres
import TrackerCore

/// Adds and removes rows of issue_assignees with their events, inside the caller's transaction.
enum IssueAssignees {
    /// Already-assigned users are skipped; the CHECK on issues.assignee_count refuses the 11th.
    /// `touch` moves the issue's updated_at (not wanted while the issue is being created).
    static func add(
        _ userIDs: [Int64], to number: Int64, actor: Int64, touch: Bool = true, on connection: Connection
    ) throws {
        guard !userIDs.isEmpty else { return }
        let added = try connection.query(
            """
            WITH added AS (
                INSERT INTO issue_assignees (issue_number, user_id)
                SELECT $1, unnest($2::bigint[])
                ON CONFLICT DO NOTHING
                RETURNING user_id
            )
            INSERT INTO issue_events (issue_number, kind, actor_id, subject_user_id, created_at)
            SELECT $1, 'assigned', $3, user_id, clock_timestamp() FROM added
            """, [number, PostgresTextArray(userIDs.map(String.init)), actor])
        if touch, added.affectedRows > 0 { IssueRepositoryQueries.touch(number, on: connection) }
    }

    /// `userIDs` nil removes everyone; not-assigned users are skipped.
    static func remove(_ userIDs: [Int64]?, from number: Int64, actor: Int64, on connection: Connection) throws {
        let removed = try connection.query(
            """
            WITH removed AS (
                DELETE FROM issue_assignees
                 WHERE issue_number = $1 AND ($2::bigint[] IS NULL OR user_id = ANY($2::bigint[]))
                RETURNING user_id
            )
            INSERT INTO issue_events (issue_number, kind, actor_id, subject_user_id, created_at)
            SELECT $1, 'unassigned', $3, user_id, clock_timestamp() FROM removed
            """, [number, userIDs.map { PostgresTextArray($0.map(String.init)) }, actor])
        if removed.affectedRows > 0 { IssueRepositoryQueries.touch(number, on: connection) }
    }

    /// Removes `removedIDs`, then adds `addedIDs`; the limit of 10 is checked on the result
    /// (the issue's row must already be locked).
    static func change(
        _ number: IssueNumber, adding addedIDs: [Int64], removing removedIDs: [Int64], actor: Int64,
        on connection: Connection
    ) throws {
        try remove(removedIDs, from: number.value, actor: actor, on: connection)
        let total = try countAfterAdding(addedIDs, to: number.value, on: connection)
        guard total <= IssueDraft.maximumAssignees else {
            throw TrackerError.tooManyAssignees(issue: number, count: total)
        }
        try add(addedIDs, to: number.value, actor: actor, on: connection)
    }

    /// How many assignees the issue would have; its row is locked, so the answer holds until commit.
    static func countAfterAdding(_ userIDs: [Int64], to number: Int64, on connection: Connection) throws -> Int {
        try connection.query(
            """
            SELECT i.assignee_count + (
                       SELECT count(*) FROM unnest($2::bigint[]) AS new (user_id)
                        WHERE NOT EXISTS (SELECT 1 FROM issue_assignees ia
                                           WHERE ia.issue_number = $1 AND ia.user_id = new.user_id))
              FROM issues i WHERE i.number = $1
            """, [number, PostgresTextArray(userIDs.map(String.init))]
        ).rows[0].decode(0)
    }
}
