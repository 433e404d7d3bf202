import Postgres
import TrackerCore

extension PostgresIssueRepository {
    /// One flight, as `edit` with assignees only: the issues locked, everyone named checked, the
    /// new assignments with their events, the issues read back. The CHECK on assignee_count refuses
    /// an 11th assignee; only then is the database asked which issue overflowed.
    public func assign(_ logins: [Login], to numbers: [IssueNumber], actor: Login) async throws -> [Issue] {
        let edit = try IssueEdit(addAssignees: logins)
        return try await change(numbers, [IssueChanges.edit(numbers, edit, read: nil, actor: actor)], edit)
    }

    /// `logins` nil removes everyone.
    public func unassign(_ logins: [Login]?, from numbers: [IssueNumber], actor: Login) async throws -> [Issue] {
        let edit = try IssueEdit(removeAssignees: logins ?? [])
        return try await change(
            numbers, [IssueChanges.edit(numbers, edit, read: nil, actor: actor, removeAllAssignees: logins == nil)],
            edit)
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
        let edit = try IssueEdit(addAssignees: adding, removeAssignees: removing)
        return try await change([number], [IssueChanges.edit([number], edit, read: nil, actor: actor)], edit)[0]
    }
}
