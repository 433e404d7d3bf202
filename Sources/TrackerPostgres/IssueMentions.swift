import Postgres
import TrackerCore

/// The issue_mentions rows of one text (an issue's body, or one comment), kept in step with it
/// inside the caller's transaction. Logins nobody has registered mention nobody.
enum IssueMentions {
    /// For a text just written: it has no rows yet, so one that mentions nobody costs no statement.
    static func add(issue number: Int64, comment: Int64?, text: String, on connection: Connection) throws {
        let logins = Mentions.logins(in: text)
        guard !logins.isEmpty else { return }
        try write(logins, issue: number, comment: comment, on: connection)
    }

    /// For a text that changed: its earlier rows give way to the new ones.
    static func replace(issue number: Int64, comment: Int64?, text: String, on connection: Connection) throws {
        try write(Mentions.logins(in: text), issue: number, comment: comment, on: connection)
    }

    private static func write(
        _ mentioned: [Login], issue number: Int64, comment: Int64?, on connection: Connection
    )
        throws
    {
        let logins = PostgresTextArray(mentioned.map { $0.value.lowercased() })
        let sameText = comment == nil ? "m.comment_id IS NULL" : "m.comment_id = $2"
        try connection.query(
            """
            WITH wanted AS (SELECT id FROM users WHERE lower(login) = ANY($3::text[])),
            gone AS (
                DELETE FROM issue_mentions m
                 WHERE m.issue_number = $1 AND \(sameText) AND m.user_id NOT IN (SELECT id FROM wanted)
            )
            INSERT INTO issue_mentions (issue_number, user_id, comment_id)
            SELECT $1, id, $2::bigint FROM wanted
            ON CONFLICT DO NOTHING
            """, [number, comment, logins])
    }
}
