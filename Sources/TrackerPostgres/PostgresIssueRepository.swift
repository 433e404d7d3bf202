import Postgres
import TrackerCore

public struct PostgresIssueRepository: IssueRepository {
    let database: Database

    public init(database: Database) {
        self.database = database
    }

    public func create(_ draft: IssueDraft, author: Login) async throws -> Issue {
        try await database.trackedTransaction { connection in
            let authorID = try UserLookup.id(of: author, on: connection)
            let assigneeIDs = try UserLookup.ids(of: draft.assignees, on: connection)
            let labelIDs = try OrganizationLookup.labelIDs(of: draft.labels, on: connection)
            let milestone = try draft.milestone.map { try OrganizationLookup.milestoneNumber(of: $0, on: connection) }
            // The time is read after the counter row is locked, so later numbers have later times.
            let created = try connection.query(
                """
                WITH next AS (
                    UPDATE issue_number_counter SET last_number = last_number + 1
                    RETURNING last_number, clock_timestamp() AS at
                )
                INSERT INTO issues (number, title, body, author_id, milestone_number, created_at, updated_at)
                SELECT last_number, $1, $2, $3, $4, at, at FROM next
                RETURNING number
                """, [draft.title, draft.body, authorID, milestone])
            let number: Int64 = try created.rows[0].decode(0)
            try IssueEvents.record(.created, issue: number, actor: authorID, on: connection)
            try IssueAssignees.add(assigneeIDs, to: number, actor: authorID, touch: false, on: connection)
            try IssueOrganization.addLabels(labelIDs, to: number, actor: authorID, touch: false, on: connection)
            let issue = try IssueRepositoryQueries.issue(number, on: connection)
            // The event names the milestone as it is stored, not as it was typed (`V1.0` is `v1.0`).
            if let title = issue.milestone?.title {
                try IssueEvents.record(.milestoned(title), issue: number, actor: authorID, on: connection)
            }
            try IssueMentions.add(issue: number, comment: nil, text: draft.body, on: connection)
            return issue
        }
    }

    public func list(_ filter: IssueFilter) async throws -> [Issue] {
        let query = IssueListQuery(filter)
        return try await database.tracked { connection in
            try IssueListQuery.requireKnownNames(in: filter, on: connection)
            return try connection.query(query.sql, query.parameters).rows.map(IssueRowDecoding.issue)
        }
    }

    public func ignoredSearchWords(in search: String) async throws -> [String] {
        try await database.tracked { connection in
            // The same parser and dictionary as the search index; PostgreSQL drops words longer
            // than 2047 bytes from a tsvector.
            let words = try connection.query(
                """
                SELECT token FROM ts_debug('english', $1)
                 WHERE alias NOT IN ('blank') AND (lexemes = '{}' OR octet_length(token) > 2047)
                """, [search]
            ).rows.map { try $0.decode(0, as: String.self) }
            var seen = Set<String>()
            return words.filter { seen.insert($0.lowercased()).inserted }
        }
    }

    public func details(of number: IssueNumber) async throws -> IssueDetails {
        try await database.tracked { connection in
            IssueDetails(
                issue: try IssueRepositoryQueries.issue(number.value, on: connection),
                events: try IssueEvents.timeline(of: number.value, on: connection),
                comments: try CommentRows.comments(of: number.value, on: connection))
        }
    }
}

enum IssueRepositoryQueries {
    static func issue(_ number: Int64, on connection: Connection) throws -> Issue {
        let found = try connection.query(IssueRowDecoding.selectIssues + " WHERE i.number = $1", [number])
        guard let row = found.first else { throw TrackerError.notFound("issue #\(number) does not exist") }
        return try IssueRowDecoding.issue(from: row)
    }

    /// Locks the issues' rows in number order (so concurrent bulk changes cannot deadlock);
    /// a missing number fails the whole change.
    static func lock(_ numbers: [IssueNumber], on connection: Connection) throws {
        let values = numbers.map(\.value).sorted()
        let found = try connection.query(
            "SELECT number FROM issues WHERE number = ANY($1::bigint[]) ORDER BY number FOR UPDATE",
            [PostgresTextArray(values.map(String.init))]
        ).rows.map { row throws(PostgresError) -> Int64 in try row.decode(0) }
        if let missing = values.first(where: { !found.contains($0) }) {
            throw TrackerError.notFound("issue #\(missing) does not exist; nothing was changed")
        }
    }

    static func touch(_ number: Int64, on connection: Connection) throws {
        try connection.query("UPDATE issues SET updated_at = clock_timestamp() WHERE number = $1", [number])
    }
}
