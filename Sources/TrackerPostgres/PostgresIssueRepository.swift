import Postgres
import TrackerCore

public struct PostgresIssueRepository: IssueRepository {
    private let database: Database

    public init(database: Database) {
        self.database = database
    }

    public func create(_ draft: IssueDraft, author: Login) async throws -> Issue {
        try await database.trackedTransaction { connection in
            let authorID = try UserLookup.id(of: author, on: connection)
            let assigneeIDs = try UserLookup.ids(of: draft.assignees, on: connection)
            let created = try connection.query(
                """
                WITH next AS (
                    UPDATE issue_number_counter SET last_number = last_number + 1 RETURNING last_number
                )
                INSERT INTO issues (number, title, body, author_id)
                SELECT last_number, $1, $2, $3 FROM next
                RETURNING number
                """, [draft.title, draft.body, authorID])
            let number: Int64 = try created.rows[0].decode(0)
            try connection.query(
                "INSERT INTO issue_events (issue_number, kind, actor_id) VALUES ($1, 'created', $2)",
                [number, authorID])
            if !assigneeIDs.isEmpty {
                try connection.query(
                    """
                    WITH added AS (
                        INSERT INTO issue_assignees (issue_number, user_id)
                        SELECT $1, unnest($2::bigint[]) RETURNING user_id
                    )
                    INSERT INTO issue_events (issue_number, kind, actor_id, subject_user_id)
                    SELECT $1, 'assigned', $3, user_id FROM added
                    """, [number, PostgresTextArray(assigneeIDs.map(String.init)), authorID])
            }
            return try IssueRepositoryQueries.issue(number, on: connection)
        }
    }

    public func list(_ filter: IssueFilter) async throws -> [Issue] {
        let state: String? =
            switch filter.state {
            case .all: nil
            case .open: "open"
            case .closed: "closed"
            }
        return try await database.tracked { connection in
            try connection.query(
                IssueRowDecoding.selectIssues + """

                     WHERE ($1::text IS NULL OR i.state = $1)
                     ORDER BY i.number DESC
                     LIMIT $2
                    """, [state, filter.limit]
            ).rows.map(IssueRowDecoding.issue)
        }
    }
}

enum IssueRepositoryQueries {
    static func issue(_ number: Int64, on connection: Connection) throws -> Issue {
        let found = try connection.query(IssueRowDecoding.selectIssues + " WHERE i.number = $1", [number])
        guard let row = found.first else { throw TrackerError.notFound("issue #\(number) does not exist") }
        return try IssueRowDecoding.issue(from: row)
    }
}
