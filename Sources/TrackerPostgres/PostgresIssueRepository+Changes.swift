import Postgres
import TrackerCore

extension PostgresIssueRepository {
    public func assign(_ logins: [Login], to numbers: [IssueNumber], actor: Login) async throws -> [Issue] {
        try await database.trackedTransaction { connection in
            let actorID = try UserLookup.id(of: actor, on: connection)
            let userIDs = try UserLookup.ids(of: logins, on: connection)
            try IssueRepositoryQueries.lock(numbers, on: connection)
            return try numbers.map { number in
                let total = try IssueAssignees.countAfterAdding(userIDs, to: number.value, on: connection)
                guard total <= IssueDraft.maximumAssignees else {
                    throw TrackerError.tooManyAssignees(issue: number, count: total)
                }
                try IssueAssignees.add(userIDs, to: number.value, actor: actorID, on: connection)
                return try IssueRepositoryQueries.issue(number.value, on: connection)
            }
        }
    }

    public func unassign(_ logins: [Login]?, from numbers: [IssueNumber], actor: Login) async throws -> [Issue] {
        try await database.trackedTransaction { connection in
            let actorID = try UserLookup.id(of: actor, on: connection)
            let userIDs = try logins.map { try UserLookup.ids(of: $0, on: connection) }
            try IssueRepositoryQueries.lock(numbers, on: connection)
            return try numbers.map { number in
                try IssueAssignees.remove(userIDs, from: number.value, actor: actorID, on: connection)
                return try IssueRepositoryQueries.issue(number.value, on: connection)
            }
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

    public func close(_ number: IssueNumber, reason: StateReason, actor: Login) async throws -> StateChange {
        try await changeState(
            number, actor: actor, event: .closed(reason),
            sql: """
                UPDATE issues SET state = 'closed', state_reason = $2, closed_at = moment.at, updated_at = moment.at
                  FROM (SELECT clock_timestamp() AS at) moment
                 WHERE number = $1 AND state = 'open'
                """, parameters: [reason.rawValue])
    }

    public func reopen(_ number: IssueNumber, actor: Login) async throws -> StateChange {
        try await changeState(
            number, actor: actor, event: .reopened,
            sql: """
                UPDATE issues SET state = 'open', state_reason = 'reopened', closed_at = NULL,
                                  updated_at = clock_timestamp()
                 WHERE number = $1 AND state = 'closed'
                """, parameters: [])
    }

    /// Runs a state UPDATE guarded by the current state: no row changed means the issue was
    /// already there (or does not exist), and nothing is recorded.
    private func changeState(
        _ number: IssueNumber, actor: Login, event: IssueEvents.Kind, sql: String,
        parameters: [any PostgresEncodable]
    ) async throws -> StateChange {
        try await database.trackedTransaction { connection in
            let actorID = try UserLookup.id(of: actor, on: connection)
            try IssueRepositoryQueries.lock([number], on: connection)
            let updated = try connection.query(sql, [number.value] + parameters)
            guard updated.affectedRows == 1 else {
                return .unchanged(try IssueRepositoryQueries.issue(number.value, on: connection))
            }
            try IssueEvents.record(event, issue: number.value, actor: actorID, on: connection)
            return .changed(try IssueRepositoryQueries.issue(number.value, on: connection))
        }
    }
}
