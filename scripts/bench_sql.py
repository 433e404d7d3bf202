"""The SQL psql runs beside each tracker command in the benches: the statements tracker sends for
the same command (bench.py times them, bench-instructions.py counts their instructions)."""

SELECT = """SELECT i.number, i.title, i.body, i.state, i.state_reason, author.login,
 (SELECT string_agg(u.login, ',' ORDER BY lower(u.login)) FROM issue_assignees ia JOIN users u ON u.id = ia.user_id
   WHERE ia.issue_number = i.number) AS assignees, i.created_at, i.updated_at, i.closed_at
 FROM issues i JOIN users author ON author.id = i.author_id"""

LIST = f"{SELECT} WHERE i.state = 'open' ORDER BY i.number DESC LIMIT 31"


def show(number):
    """`tracker show N`: the issue and its timeline."""
    return (f"{SELECT} WHERE i.number = {number}; SELECT e.kind, actor.login, subject.login, e.state_reason, e.created_at "
            f"FROM issue_events e JOIN users actor ON actor.id = e.actor_id LEFT JOIN users subject ON subject.id = e.subject_user_id "
            f"WHERE e.issue_number = {number} ORDER BY e.id")


def status(login):
    """As IssueStatusQuery: the person's assignments and mentions first, each issue read by number."""
    open_issue = "CROSS JOIN LATERAL (SELECT i.number, i.updated_at FROM issues i WHERE i.number = {} AND i.state = 'open' OFFSET 0) i"
    sections = [
        ("assigned", f"FROM issue_assignees ia {open_issue.format('ia.issue_number')} WHERE ia.user_id = (SELECT id FROM me)"),
        ("mentioned", "FROM (SELECT DISTINCT m.issue_number FROM issue_mentions m WHERE m.user_id = (SELECT id FROM me)) m "
                      + open_issue.format("m.issue_number")),
        ("opened", "FROM issues i WHERE i.state = 'open' AND i.author_id = (SELECT id FROM me)"),
    ]
    return (f"WITH me AS (SELECT id FROM users WHERE lower(login) = '{login}'), " + ", ".join(
        f"{name} AS (SELECT i.number, count(*) OVER () AS total {source} "
        f"ORDER BY i.updated_at DESC, i.number DESC LIMIT 5)" for name, source in sections)
        + ", picked AS (" + " UNION ALL ".join(f"SELECT '{name}' AS section, number, total FROM {name}" for name, _ in sections)
        + f") SELECT picked.section, picked.total, s.* FROM picked JOIN ({SELECT}) s ON s.number = picked.number")


def create(title):
    """`tracker create --title TITLE` as one transaction: the next number, the issue, its event."""
    return ("BEGIN; WITH next AS (UPDATE issue_number_counter SET last_number = last_number + 1 RETURNING last_number, clock_timestamp() AS at) "
            f"INSERT INTO issues (number, title, body, author_id, created_at, updated_at) SELECT last_number, '{title}', '', 1, at, at FROM next; "
            "INSERT INTO issue_events (issue_number, kind, actor_id) SELECT last_number, 'created', 1 FROM issue_number_counter; COMMIT;")
