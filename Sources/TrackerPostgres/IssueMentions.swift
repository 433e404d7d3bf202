import Postgres
import TrackerCore

/// The issue_mentions rows of one text (an issue's body, or one comment), kept in step with it
/// inside the caller's transaction. Logins nobody has registered mention nobody.
enum IssueMentions {
    /// For a comment that changed: its earlier rows give way to the new ones. Queued, like
    /// `IssueEvents.record`.
    static func replace(comment: Int64, of number: Int64, text: String, on connection: Connection) {
        connection.send(statement(Mentions.logins(in: text), in: .comment(comment, of: number)))
    }

    /// Which text the mentions are in; the new ones are the issue or comment made earlier in
    /// the same flight.
    enum Text {
        /// The issue's body, when an earlier statement of this transaction changed it (its
        /// `edited` event is this transaction's); otherwise the rows stay as they are.
        case editedBody(of: Int64)
        case comment(Int64, of: Int64)
        case newIssue
        case newComment(of: Int64)
    }

    /// Replaces the text's mention rows with those of `mentioned` (registered logins only).
    static func statement(_ mentioned: [Login], in text: Text) -> Statement {
        let (issue, comment): (Int64?, Int64?)
        let (issueSQL, commentSQL): (String, String?)
        switch text {
        case .editedBody(let number): (issue, comment, issueSQL, commentSQL) = (number, nil, "$1::bigint", nil)
        case .comment(let id, let number):
            (issue, comment, issueSQL, commentSQL) = (number, id, "$1::bigint", "$2::bigint")
        case .newIssue:
            (issue, comment, issueSQL, commentSQL) = (nil, nil, "coalesce($1::bigint, \(IssueCreation.newNumber))", nil)
        case .newComment(let number):
            (issue, comment, issueSQL, commentSQL) = (
                number, nil, "$1::bigint", "coalesce($2::bigint, \(CommentRows.newID))"
            )
        }
        let logins = PostgresTextArray(mentioned.map { $0.value.lowercased() })
        let sameText = commentSQL.map { "m.comment_id = \($0)" } ?? "m.comment_id IS NULL"
        var changed = "true"
        if case .editedBody = text {
            changed = """
                EXISTS (SELECT 1 FROM issue_events e WHERE e.issue_number = $1::bigint AND e.kind = 'edited'
                                                       AND e.xact = pg_current_xact_id())
                """
        }
        return Statement(
            """
            WITH wanted AS (SELECT id FROM users WHERE lower(login) = ANY($3::text[]) AND \(changed)),
            gone AS (
                DELETE FROM issue_mentions m
                 WHERE m.issue_number = \(issueSQL) AND \(sameText) AND m.user_id NOT IN (SELECT id FROM wanted)
                   AND \(changed)
            )
            INSERT INTO issue_mentions (issue_number, user_id, comment_id)
            SELECT \(issueSQL), id, \(commentSQL ?? "$2::bigint") FROM wanted
            ON CONFLICT DO NOTHING
            """, [issue, comment, logins])
    }
}
