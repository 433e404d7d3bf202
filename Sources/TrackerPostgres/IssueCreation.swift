import Postgres
import TrackerCore

/// The statements that create one issue, all sent in one flight. The first takes the next
/// number from issue_number_counter; the rest read it back from there (this transaction holds
/// the counter's row, so nobody else moves it). People, labels and the milestone are named and
/// resolved inside the statements (migration 0005's functions), so an unknown one refuses the
/// whole create.
enum IssueCreation {
    static let newNumber = "(SELECT last_number FROM issue_number_counter)"

    static func statements(_ draft: IssueDraft, author: Login) -> [Statement] {
        var statements = [
            Statement(
                """
                WITH next AS (
                    UPDATE issue_number_counter SET last_number = last_number + 1
                    RETURNING last_number, clock_timestamp() AS at
                ),
                created AS (
                    INSERT INTO issues (number, title, body, author_id, milestone_number, created_at, updated_at)
                    SELECT last_number, $1, $2, tracker_user_id($3),
                           CASE WHEN $4::text IS NULL THEN NULL ELSE tracker_milestone_number($4) END, at, at
                      FROM next
                    RETURNING number, author_id
                )
                INSERT INTO issue_events (issue_number, kind, actor_id, created_at)
                SELECT number, 'created', author_id, clock_timestamp() FROM created
                """, [draft.title, draft.body, author.value, draft.milestone?.value])
        ]
        if !draft.assignees.isEmpty {
            statements.append(
                Statement(
                    """
                    WITH added AS (
                        INSERT INTO issue_assignees (issue_number, user_id)
                        SELECT \(newNumber), tracker_user_id(wanted.login)
                          FROM unnest($1::text[]) WITH ORDINALITY AS wanted (login, position) ORDER BY position
                        ON CONFLICT DO NOTHING
                        RETURNING issue_number, user_id
                    )
                    INSERT INTO issue_events (issue_number, kind, actor_id, subject_user_id, created_at)
                    SELECT issue_number, 'assigned', tracker_user_id($2), user_id, clock_timestamp() FROM added
                    """, [PostgresTextArray(draft.assignees.map(\.value)), author.value]))
        }
        if !draft.labels.isEmpty {
            statements.append(
                Statement(
                    """
                    WITH added AS (
                        INSERT INTO issue_labels (label_id, issue_number)
                        SELECT tracker_label_id(wanted.name), \(newNumber)
                          FROM unnest($1::text[]) WITH ORDINALITY AS wanted (name, position) ORDER BY position
                        ON CONFLICT DO NOTHING
                        RETURNING label_id, issue_number
                    )
                    INSERT INTO issue_events (issue_number, kind, actor_id, label_name, created_at)
                    SELECT added.issue_number, 'labeled', tracker_user_id($2), l.name, clock_timestamp()
                      FROM added JOIN labels l ON l.id = added.label_id
                     ORDER BY lower(l.name)
                    """, [PostgresTextArray(draft.labels.map(\.value)), author.value]))
        }
        if draft.milestone != nil {
            statements.append(
                Statement(
                    """
                    INSERT INTO issue_events (issue_number, kind, actor_id, milestone_title, created_at)
                    SELECT i.number, 'milestoned', i.author_id, m.title, clock_timestamp()
                      FROM issues i JOIN milestones m ON m.number = i.milestone_number
                     WHERE i.number = \(newNumber)
                    """))
        }
        let mentioned = Mentions.logins(in: draft.body)
        if !mentioned.isEmpty { statements.append(IssueMentions.statement(mentioned, in: .newIssue)) }
        return statements
    }

    static let readBack = Statement(IssueRowDecoding.selectIssues + " WHERE i.number = \(newNumber)")
}
