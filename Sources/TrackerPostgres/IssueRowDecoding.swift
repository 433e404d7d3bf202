import Postgres
import TrackerCore

/// The one SELECT that reads whole issues, and how its rows become `Issue` values.
enum IssueRowDecoding {
    /// The columns `issue(from:)` reads, over `issues i JOIN users author`.
    static let columns = """
        i.number, i.title, i.body, i.state, i.state_reason, author.login AS author,
               (SELECT string_agg(u.login, ',' ORDER BY lower(u.login))
                  FROM issue_assignees ia JOIN users u ON u.id = ia.user_id
                 WHERE ia.issue_number = i.number) AS assignees,
               i.created_at, i.updated_at, i.closed_at, i.version
        """

    static let selectIssues = """
        SELECT \(columns)
          FROM issues i JOIN users author ON author.id = i.author_id
        """

    static func issue(from row: Row) throws -> Issue {
        let assignees: String? = try row.decode("assignees")
        return Issue(
            number: try IssueNumber(try row.decode("number")),
            title: try row.decode("title"),
            body: try row.decode("body"),
            state: try enumValue(IssueState.self, try row.decode("state")),
            stateReason: try (row.decode("state_reason") as String?).map { try enumValue(StateReason.self, $0) },
            author: try Login(try row.decode("author")),
            assignees: try (assignees?.split(separator: ",") ?? []).map { try Login(String($0)) },
            createdAt: try row.timestamp("created_at"),
            updatedAt: try row.timestamp("updated_at"),
            closedAt: try row.optionalTimestamp("closed_at"),
            version: try row.decode("version")
        )
    }

    private static func enumValue<T: RawRepresentable<String>>(_ type: T.Type, _ raw: String) throws -> T {
        guard let value = T(rawValue: raw) else {
            throw TrackerError.storageFailure("unexpected \(T.self) '\(raw)' in the database")
        }
        return value
    }
}
