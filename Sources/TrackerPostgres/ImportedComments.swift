import Postgres
import TrackerCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The comments and mentions of an import, inside its transaction: comments by COPY with their
/// `commented` events, then every mention (bodies and comments) in one statement.
enum ImportedComments {
    /// New ids from the comments' counter, moved once for all of them (and back, with everything
    /// else, if the import is refused).
    static func newIDs(for records: [ImportedIssue], on connection: Connection) throws -> [Int64] {
        let count = records.reduce(0) { $0 + $1.comments.count }
        guard count > 0 else { return [] }
        let last: Int64 = try connection.query(
            "UPDATE id_counters SET last_value = last_value + $1 WHERE name = 'comment' RETURNING last_value", [count]
        ).rows[0].decode(0)
        return Array((last - Int64(count) + 1)...last)
    }

    static func copy(_ rows: IssueImportRows, keptIDs: Bool, on connection: Connection) throws {
        try connection.copyIn(
            "COPY issue_comments (id, issue_number, author_id, body, created_at, updated_at) FROM STDIN",
            rows.writeComments)
        try connection.copyIn(
            "COPY issue_events (issue_number, kind, actor_id, comment_id, created_at) FROM STDIN",
            rows.writeCommentEvents)
        if keptIDs {
            // Ids given by the file: the counter moves past them, so new comments never collide.
            try connection.query(
                """
                UPDATE id_counters SET last_value = greatest(last_value, (SELECT max(id) FROM issue_comments))
                 WHERE name = 'comment'
                """)
        }
    }

    /// Body mentions have comment 0 here, stored as NULL.
    static func recordMentions(_ rows: IssueImportRows, on connection: Connection) throws {
        var numbers: [String] = []
        var comments: [String] = []
        var logins: [String] = []
        rows.forEachText { number, comment, text in
            for login in Mentions.logins(in: text) {
                numbers.append(String(number))
                comments.append(String(comment ?? 0))
                logins.append(login.value.lowercased())
            }
        }
        guard !numbers.isEmpty else { return }
        try connection.query(
            """
            INSERT INTO issue_mentions (issue_number, user_id, comment_id)
            SELECT found.number, u.id, nullif(found.comment, 0)
              FROM unnest($1::bigint[], $2::bigint[], $3::text[]) AS found (number, comment, login)
              JOIN users u ON lower(u.login) = found.login
            ON CONFLICT DO NOTHING
            """, [PostgresTextArray(numbers), PostgresTextArray(comments), PostgresTextArray(logins)])
    }
}

extension IssueImportRows {
    func writeComments(_ write: (Data) throws -> Void) throws {
        var position = 0
        try chunked(write) { index, line in
            for comment in records[index].comments {
                line +=
                    [
                        String(commentIDs[position]), String(numbers[index]), id(comment.author),
                        Connection.copyField(comment.body), comment.createdAt.postgresText,
                        comment.updatedAt.postgresText,
                    ].joined(separator: "\t") + "\n"
                position += 1
            }
        }
    }

    func writeCommentEvents(_ write: (Data) throws -> Void) throws {
        var position = 0
        try chunked(write) { index, line in
            for comment in records[index].comments {
                line +=
                    "\(numbers[index])\tcommented\t\(id(comment.author))\t\(commentIDs[position])\t"
                    + "\(comment.createdAt.postgresText)\n"
                position += 1
            }
        }
    }

    /// Every body and comment with its issue's number and (for a comment) its id.
    func forEachText(_ body: (Int64, Int64?, String) -> Void) {
        var position = 0
        for (index, record) in records.enumerated() {
            body(numbers[index], nil, record.body)
            for comment in record.comments {
                body(numbers[index], commentIDs[position], comment.body)
                position += 1
            }
        }
    }
}
