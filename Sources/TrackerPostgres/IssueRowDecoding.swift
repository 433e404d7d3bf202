import Postgres
import TrackerCore

/// The one SELECT that reads whole issues, and how its rows become `Issue` values.
enum IssueRowDecoding {
    /// The columns `issue(from:)` reads, over `issues i JOIN users author`.
    static let columns = """
        i.number, i.title, i.body, i.state, i.state_reason, i.duplicate_of, i.priority, i.due_on, author.login AS author,
               CASE WHEN i.parent_number IS NOT NULL
                    THEN (SELECT p.number FROM issues p WHERE p.number = i.parent_number AND p.deleted_at IS NULL)
               END AS parent_number, i.subtree_total, i.subtree_closed, i.open_blockers,
               (SELECT string_agg(u.login, ',' ORDER BY lower(u.login))
                  FROM issue_assignees ia JOIN users u ON u.id = ia.user_id
                 WHERE ia.issue_number = i.number) AS assignees,
               i.created_at, i.updated_at, i.closed_at, i.version,
               (SELECT json_agg(json_build_object('name', l.name, 'color', l.color, 'description', l.description)
                                ORDER BY lower(l.name), l.id)
                  FROM issue_labels il JOIN labels l ON l.id = il.label_id
                 WHERE il.issue_number = i.number) AS labels,
               (SELECT json_build_object('number', m.number, 'title', m.title, 'description', m.description,
                                         'dueOn', m.due_on, 'state', m.state)
                  FROM milestones m WHERE m.number = i.milestone_number) AS milestone,
               i.deleted_at IS NOT NULL AS in_trash
        """

    /// An issue's address (`Issue.url`, for exports): where an import read it from, else this
    /// tracker's own (migration 0016's `tracker_instance`; a fingerprint is no address).
    static let urlColumn = """
        CASE WHEN i.source_key IS NULL OR starts_with(i.source_key, 'sha256:')
                 THEN (SELECT t.url_prefix FROM tracker_instance t) || i.number ELSE i.source_key END AS url
        """

    /// What blocks an issue, not in the trash (`Issue.blockedBy`, for exports and `--json blockedBy`).
    static let blockersColumn = """
        (SELECT string_agg(d.blocking_number::text, ',' ORDER BY d.blocking_number)
           FROM issue_dependencies d JOIN issues b ON b.number = d.blocking_number AND b.deleted_at IS NULL
          WHERE d.blocked_number = i.number) AS blocked_by
        """

    /// Every display name, for `Issue.names` (exports): one statement ahead of the issues'
    /// rows, the names of each issue's people picked by the client (`PeopleNames`), where a
    /// subquery per issue cost the server 50 µs an issue.
    static let peopleNames = "SELECT login, name FROM users WHERE name <> ''"

    /// A mention `m` counts unless it is in a comment in the trash.
    static let mentionIsLive = """
        (m.comment_id IS NULL OR NOT EXISTS (SELECT 1 FROM issue_comments mc
                                              WHERE mc.id = m.comment_id AND mc.deleted_at IS NOT NULL))
        """

    /// The issue in a result of `selectIssues`, or `.notFound` (saying so when it is in the trash).
    static func existingIssue(_ number: IssueNumber, in result: QueryResult) throws -> Issue {
        guard let row = result.first else { throw TrackerError.notFound("issue #\(number.value) does not exist") }
        if try row.decode("in_trash") { throw TrackerError.inTrash(number) }
        return try issue(from: row)
    }

    /// The issues of `numbers`, in that order, from rows of `selectIssues` (any order).
    static func existingIssues(_ numbers: [IssueNumber], in result: QueryResult) throws -> [Issue] {
        var issues: [Int64: Issue] = [:]
        for row in result.rows {
            let issue = try issue(from: row)
            issues[issue.number.value] = issue
        }
        return try numbers.map { number in
            guard let issue = issues[number.value] else {
                throw TrackerError.notFound("issue #\(number.value) does not exist")
            }
            return issue
        }
    }

    static let selectIssues = """
        SELECT \(columns)
          FROM issues i JOIN users author ON author.id = i.author_id
        """

    /// `selectIssues` with each issue's comments as one JSON array (oldest first), for the
    /// lists and exports that ask for them.
    static let selectIssuesWithComments = """
        SELECT \(columns),
               (SELECT json_agg(json_build_object('id', c.id, 'author', cu.login, 'body', c.body,
                                                  'createdAt', c.created_at, 'updatedAt', c.updated_at)
                                ORDER BY c.id)
                  FROM issue_comments c JOIN users cu ON cu.id = c.author_id
                 WHERE c.issue_number = i.number AND c.deleted_at IS NULL) AS comments
          FROM issues i JOIN users author ON author.id = i.author_id
        """

    static func issue(from row: Row) throws -> Issue {
        let assignees: String? = try row.decode("assignees")
        var issue = Issue(
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
            version: try row.decode("version"),
            labels: try OrganizationJSON.labels(try row.decode("labels")),
            milestone: try OrganizationJSON.milestone(try row.decode("milestone"))
        )
        issue.duplicateOf = try (row.decode("duplicate_of") as Int64?).map { try IssueNumber($0) }
        issue.priority = try priority(row.decode("priority"))
        issue.dueOn = try (row.decode("due_on") as String?).map(DueDate.parse)
        issue.parent = try (row.decode("parent_number") as Int64?).map { try IssueNumber($0) }
        issue.subIssues = SubIssueProgress(
            done: try count(row.decode("subtree_closed")), total: try count(row.decode("subtree_total")))
        issue.openBlockers = try count(row.decode("open_blockers"))
        if row.has("url") { issue.url = try row.decode("url") }
        if row.has("blocked_by") {
            let blockers: String? = try row.decode("blocked_by")
            issue.blockedBy = try (blockers?.split(separator: ",") ?? []).map { text in
                guard let number = Int64(text) else {
                    throw TrackerError.storageFailure("unexpected blocker '\(text)' in the database")
                }
                return try IssueNumber(number)
            }
        }
        if row.has("comments") {
            issue.comments = try CommentsJSON.decode(try row.decode("comments"), issue: issue.number)
        }
        return issue
    }

    /// A stored count (migration 0019's, never negative by its CHECKs).
    private static func count(_ stored: Int64) throws -> Int {
        guard let count = Int(exactly: stored), count >= 0 else {
            throw TrackerError.storageFailure("unexpected count \(stored) in the database")
        }
        return count
    }

    /// A stored priority (0-3, migration 0018's CHECK); nil for none.
    static func priority(_ stored: Int64?) throws -> Priority? {
        guard let stored else { return nil }
        guard let priority = Priority(rawValue: Int(stored)) else {
            throw TrackerError.storageFailure("unexpected priority \(stored) in the database")
        }
        return priority
    }

    private static func enumValue<T: RawRepresentable<String>>(_ type: T.Type, _ raw: String) throws -> T {
        guard let value = T(rawValue: raw) else {
            throw TrackerError.storageFailure("unexpected \(T.self) '\(raw)' in the database")
        }
        return value
    }
}
