import Postgres
import TrackerCore

/// The repair 0003 needs and SQL cannot do alone: the mentions in issue bodies written before
/// mentions were kept, read with the same rule as new text (TrackerCore's `Mentions`).
/// Runs inside 0003's transaction.
enum MentionBackfill {
    static func run(on connection: Connection) throws {
        var numbers: [String] = []
        var logins: [String] = []
        try connection.stream("SELECT number, body FROM issues WHERE strpos(body, '@') > 0") { row in
            let number: Int64 = try row.decode(0)
            for login in Mentions.logins(in: try row.decode(1)) {
                numbers.append(String(number))
                logins.append(login.value.lowercased())
            }
        }
        guard !numbers.isEmpty else { return }
        try connection.query(
            """
            INSERT INTO issue_mentions (issue_number, user_id)
            SELECT found.number, u.id
              FROM unnest($1::bigint[], $2::text[]) AS found (number, login)
              JOIN users u ON lower(u.login) = found.login
            ON CONFLICT DO NOTHING
            """, [PostgresTextArray(numbers), PostgresTextArray(logins)])
    }
}
