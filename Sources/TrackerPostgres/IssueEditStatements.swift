import Postgres
import TrackerCore

/// The statements of `tracker edit`, queued to fly together: they name people, labels and
/// milestones by the names the person typed (migration 0005's lookup functions refuse unknown
/// ones), so nothing waits for an answer before the next statement is sent.
enum IssueEditStatements {
    /// SQLSTATE of migration 0009's `tracker_edit_conflict`.
    static let conflictCode = "TS008"

    /// The acting user, then every name in the order the person gave them (people added, people
    /// removed, labels added, labels removed, the milestone): the first unknown one refuses the
    /// edit before any issue is looked at.
    static func checks(_ edit: IssueEdit, actor: Login) -> [Statement] {
        var checks = [SchemaGuard.userCheck(actor)]
        let people = edit.addAssignees + edit.removeAssignees
        if !people.isEmpty {
            checks.append(
                Statement(
                    "SELECT tracker_user_id(login) FROM unnest($1::text[]) AS login",
                    [PostgresTextArray(people.map(\.value))]))
        }
        let labels = edit.addLabels + edit.removeLabels
        if !labels.isEmpty {
            checks.append(
                Statement(
                    "SELECT tracker_label_id(name) FROM unnest($1::text[]) AS name",
                    [PostgresTextArray(labels.map(\.value))]))
        }
        if case .set(let title) = edit.milestone {
            checks.append(Statement("SELECT tracker_milestone_number($1)", [title.value]))
        }
        return checks
    }

    /// One issue's changes, in the order its timeline records them: the text (and the body's
    /// mentions), assignees removed then added, labels removed then added, the milestone.
    static func changes(_ edit: IssueEdit, of number: Int64, read: ReadVersion?, actor: Login) -> [Statement] {
        var statements: [Statement] = []
        if edit.changesText {
            statements.append(text(of: number, title: edit.title, body: edit.body, read: read, actor: actor))
        }
        if let body = edit.body {
            statements.append(IssueMentions.statement(Mentions.logins(in: body), in: .editedBody(of: number)))
        }
        if !edit.removeAssignees.isEmpty {
            statements.append(names(edit.removeAssignees.map(\.value), removeAssignees, number, actor))
        }
        if !edit.addAssignees.isEmpty {
            statements.append(names(edit.addAssignees.map(\.value), addAssignees, number, actor))
        }
        if !edit.removeLabels.isEmpty {
            statements.append(names(edit.removeLabels.map(\.value), removeLabels, number, actor))
        }
        if !edit.addLabels.isEmpty { statements.append(names(edit.addLabels.map(\.value), addLabels, number, actor)) }
        switch edit.milestone {
        case nil: break
        case .remove: statements.append(Statement(milestone, [number, nil as String?, actor.value]))
        case .set(let title): statements.append(Statement(milestone, [number, title.value, actor.value]))
        }
        return statements
    }

    /// `sql` takes the issue ($1), the names ($2) and the acting user's login ($3).
    private static func names(_ names: [String], _ sql: String, _ number: Int64, _ actor: Login) -> Statement {
        Statement(sql, [number, PostgresTextArray(names), actor.value])
    }

    /// The new title and/or body with their events. With a read version, text written from an
    /// older version than the issue's refuses the whole flight (`tracker_edit_conflict`); text
    /// equal to the current text is no change, and no conflict.
    private static func text(
        of number: Int64, title: String?, body: String?, read: ReadVersion?, actor: Login
    ) -> Statement {
        // Every part reads the row as locked before this statement (`old`); the main SELECT
        // raises on a conflict, which undoes the UPDATE and the events with it.
        Statement(
            """
            WITH old AS (SELECT number, title, body, version FROM issues WHERE number = $1),
            wanted AS (SELECT coalesce($2, old.title) AS title, coalesce($3, old.body) AS body FROM old),
            updated AS (
                UPDATE issues i SET title = wanted.title, body = wanted.body, version = old.version + 1,
                                    updated_at = clock_timestamp()
                  FROM old, wanted
                 WHERE i.number = old.number AND ($4::bigint IS NULL OR old.version = $4)
                   AND (wanted.title <> old.title OR wanted.body <> old.body)
                RETURNING i.number
            ),
            recorded AS (
                INSERT INTO issue_events (issue_number, kind, actor_id, previous_title, current_title, created_at)
                SELECT old.number, 'renamed', tracker_user_id($5), old.title, wanted.title, clock_timestamp()
                  FROM old, wanted, updated WHERE wanted.title <> old.title
                UNION ALL
                SELECT old.number, 'edited', tracker_user_id($5), NULL, NULL, clock_timestamp()
                  FROM old, wanted, updated WHERE wanted.body <> old.body
            )
            SELECT tracker_edit_conflict(old.number, $4) FROM old, wanted
             WHERE old.version <> $4 AND (wanted.title <> old.title OR wanted.body <> old.body)
            """, [number, title, body, read?.version, actor.value])
    }

    private static let removeAssignees = """
        WITH removed AS (
            DELETE FROM issue_assignees
             WHERE issue_number = $1::bigint
               AND user_id IN (SELECT tracker_user_id(login) FROM unnest($2::text[]) AS login)
            RETURNING user_id
        ),
        recorded AS (
            INSERT INTO issue_events (issue_number, kind, actor_id, subject_user_id, created_at)
            SELECT $1::bigint, 'unassigned', tracker_user_id($3), user_id, clock_timestamp() FROM removed
        )
        UPDATE issues SET updated_at = clock_timestamp() WHERE number = $1::bigint AND EXISTS (SELECT 1 FROM removed)
        """

    /// Already-assigned users are skipped; the CHECK on issues.assignee_count refuses the 11th.
    private static let addAssignees = """
        WITH added AS (
            INSERT INTO issue_assignees (issue_number, user_id)
            SELECT $1::bigint, tracker_user_id(login) FROM unnest($2::text[]) AS login
            ON CONFLICT DO NOTHING
            RETURNING user_id
        ),
        recorded AS (
            INSERT INTO issue_events (issue_number, kind, actor_id, subject_user_id, created_at)
            SELECT $1::bigint, 'assigned', tracker_user_id($3), user_id, clock_timestamp() FROM added
        )
        UPDATE issues SET updated_at = clock_timestamp() WHERE number = $1::bigint AND EXISTS (SELECT 1 FROM added)
        """

    private static let removeLabels = """
        WITH removed AS (
            DELETE FROM issue_labels
             WHERE issue_number = $1::bigint
               AND label_id IN (SELECT tracker_label_id(name) FROM unnest($2::text[]) AS name)
            RETURNING label_id
        ),
        recorded AS (
            INSERT INTO issue_events (issue_number, kind, actor_id, label_name, created_at)
            SELECT $1::bigint, 'unlabeled', tracker_user_id($3), l.name, clock_timestamp()
              FROM removed JOIN labels l ON l.id = removed.label_id ORDER BY lower(l.name)
        )
        UPDATE issues SET updated_at = clock_timestamp() WHERE number = $1::bigint AND EXISTS (SELECT 1 FROM removed)
        """

    private static let addLabels = """
        WITH added AS (
            INSERT INTO issue_labels (label_id, issue_number)
            SELECT tracker_label_id(name), $1::bigint FROM unnest($2::text[]) AS name
            ON CONFLICT DO NOTHING
            RETURNING label_id
        ),
        recorded AS (
            INSERT INTO issue_events (issue_number, kind, actor_id, label_name, created_at)
            SELECT $1::bigint, 'labeled', tracker_user_id($3), l.name, clock_timestamp()
              FROM added JOIN labels l ON l.id = added.label_id ORDER BY lower(l.name)
        )
        UPDATE issues SET updated_at = clock_timestamp() WHERE number = $1::bigint AND EXISTS (SELECT 1 FROM added)
        """

    /// The milestone titled $2, or none when $2 is NULL; the same milestone is no change. Under
    /// UNION ALL the first branch fixes the columns' types.
    private static let milestone = """
        WITH old AS (
            SELECT i.number, m.title FROM issues i
              LEFT JOIN milestones m ON m.number = i.milestone_number WHERE i.number = $1::bigint
        ),
        wanted AS (SELECT CASE WHEN $2::text IS NULL THEN NULL ELSE tracker_milestone_number($2) END AS number),
        changed AS (
            UPDATE issues i SET milestone_number = wanted.number, updated_at = clock_timestamp() FROM old, wanted
             WHERE i.number = old.number AND i.milestone_number IS DISTINCT FROM wanted.number
            RETURNING i.number, i.milestone_number
        )
        INSERT INTO issue_events (issue_number, kind, actor_id, milestone_title, created_at)
        SELECT old.number, 'demilestoned', tracker_user_id($3), old.title, clock_timestamp() FROM old, changed
         WHERE old.title IS NOT NULL
        UNION ALL
        SELECT changed.number, 'milestoned', tracker_user_id($3), m.title, clock_timestamp() FROM changed
          JOIN milestones m ON m.number = changed.milestone_number
        """
}
