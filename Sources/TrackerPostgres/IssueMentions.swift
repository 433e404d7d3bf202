import Postgres
import TrackerCore

/// The issue_mentions rows of one text (an issue's body, or one comment), kept in step with it
/// inside the caller's transaction. Logins nobody has registered mention nobody.
enum IssueMentions {
    /// For a text that changed: its earlier rows give way to the new ones. Queued, like
    /// `IssueEvents.record`.
    static func replace(issue number: Int64, comment: Int64?, text: String, on connection: Connection) {
        let target: Text = comment.map { .comment($0, of: number) } ?? .body(of: number)
        connection.send(statement(Mentions.logins(in: text), in: target))
    }

    /// Which text the mentions are in; the new ones are the issue or comment made earlier in
    /// the same flight.
    enum Text {
        case body(of: Int64)
        case comment(Int64, of: Int64)
        case newIssue
        case newComment(of: Int64)
    }

    /// Replaces the text's mention rows with those of `mentioned` (registered logins only).
    static func statement(_ mentioned: [Login], in text: Text) -> Statement {
        let newComment = "currval(pg_get_serial_sequence('issue_comments', 'id'))"
        let (issue, comment): (Int64?, Int64?)
        let (issueSQL, commentSQL): (String, String?)
        switch text {
        case .body(let number): (issue, comment, issueSQL, commentSQL) = (number, nil, "$1::bigint", nil)
        case .comment(let id, let number):
            (issue, comment, issueSQL, commentSQL) = (number, id, "$1::bigint", "$2::bigint")
        case .newIssue:
            (issue, comment, issueSQL, commentSQL) = (nil, nil, "coalesce($1::bigint, \(IssueCreation.newNumber))", nil)
        case .newComment(let number):
            (issue, comment, issueSQL, commentSQL) = (number, nil, "$1::bigint", "coalesce($2::bigint, \(newComment))")
        }
        let logins = PostgresTextArray(mentioned.map { $0.value.lowercased() })
        let sameText = commentSQL.map { "m.comment_id = \($0)" } ?? "m.comment_id IS NULL"
        return Statement(
            """
            WITH wanted AS (SELECT id FROM users WHERE lower(login) = ANY($3::text[])),
            gone AS (
                DELETE FROM issue_mentions m
                 WHERE m.issue_number = \(issueSQL) AND \(sameText) AND m.user_id NOT IN (SELECT id FROM wanted)
            )
            INSERT INTO issue_mentions (issue_number, user_id, comment_id)
            SELECT \(issueSQL), id, \(commentSQL ?? "$2::bigint") FROM wanted
            ON CONFLICT DO NOTHING
            """, [issue, comment, logins])
    }
}
