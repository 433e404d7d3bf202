import Postgres
import TrackerCore

/// Closing and reopening several issues at once (`tracker close 7 8 9`): one flight, the rows
/// locked in number order, one UPDATE and its events for all of them, then the issues read
/// back in one SELECT.
extension PostgresIssueRepository {
    public func close(_ numbers: [IssueNumber], reason: StateReason, actor: Login) async throws -> [StateChange] {
        try await changeStates(
            numbers, actor: actor, extra: [reason.rawValue],
            sql: """
                WITH moment AS (SELECT clock_timestamp() AS at),
                changed AS (
                    UPDATE issues SET state = 'closed', state_reason = $3::text, closed_at = moment.at, updated_at = moment.at
                      FROM moment
                     WHERE number = ANY($1::bigint[]) AND state = 'open'
                    RETURNING number
                )
                INSERT INTO issue_events (issue_number, kind, actor_id, state_reason, created_at)
                SELECT number, 'closed', tracker_user_id($2), $3::text, clock_timestamp() FROM changed ORDER BY number
                RETURNING issue_number
                """)
    }

    public func reopen(_ numbers: [IssueNumber], actor: Login) async throws -> [StateChange] {
        try await changeStates(
            numbers, actor: actor, extra: [],
            sql: """
                WITH changed AS (
                    UPDATE issues SET state = 'open', state_reason = 'reopened', closed_at = NULL,
                                      updated_at = clock_timestamp()
                     WHERE number = ANY($1::bigint[]) AND state = 'closed'
                    RETURNING number
                )
                INSERT INTO issue_events (issue_number, kind, actor_id, created_at)
                SELECT number, 'reopened', tracker_user_id($2), clock_timestamp() FROM changed ORDER BY number
                RETURNING issue_number
                """)
    }

    /// `sql` takes the numbers ($1), the actor ($2) and then `extra`, and returns the numbers it
    /// changed; the others were already in that state.
    private func changeStates(
        _ numbers: [IssueNumber], actor: Login, extra: [any PostgresEncodable], sql: String
    ) async throws -> [StateChange] {
        let unique = numbers.reduce(into: [IssueNumber]()) { if !$0.contains($1) { $0.append($1) } }
        let values = PostgresTextArray(unique.map { String($0.value) })
        let (changedRows, read) = try await database.trackedTransaction { connection in
            connection.send(SchemaGuard.userCheck(actor))
            connection.send("SELECT tracker_lock_issues($1::bigint[])", [values])
            return (
                connection.send(sql, [values, actor.value] + extra),
                connection.send(IssueRowDecoding.selectIssues + " WHERE i.number = ANY($1::bigint[])", [values])
            )
        }
        return try decoded {
            let changed = Set(
                try changedRows.result().rows.map { row throws(PostgresError) -> Int64 in try row.decode(0) })
            var issues: [Int64: Issue] = [:]
            for row in try read.result().rows {
                let issue = try IssueRowDecoding.issue(from: row)
                issues[issue.number.value] = issue
            }
            return try unique.map { number in
                guard let issue = issues[number.value] else {
                    throw TrackerError.notFound("issue #\(number.value) does not exist; nothing was changed")
                }
                return changed.contains(number.value) ? .changed(issue) : .unchanged(issue)
            }
        }
    }
}
