/// The statements behind `tracker milestone show` and `tracker report`, each read in one flight.
/// scripts/bench.py runs the same text in psql (its parameters written in).
enum ProgressQueries {
    /// $1 the milestone's title, $2 today (a date), $3 at most this many days. One row per day from
    /// the first day an issue was in the milestone through today: the day and the issues open,
    /// in the milestone and out of the trash at its end. Each issue's relevant events, in
    /// timeline order (`created_at`, `id`), set three flags (open, kept, inside: the latest event
    /// of each kind wins, found as the largest `n * 2 + value`); where the product changes it
    /// adds ±1 on that day, and a running sum over the days gives the counts. The issues are
    /// those ever milestoned by this title (`issue_events_milestoned`, 0021, an index-only scan) or
    /// in it now (`issues_milestone_number`): an issue in it now (`current`) entered by its last
    /// `milestoned` event whatever title that names, so a renamed milestone keeps its current
    /// issues' history. At 1,000,000 issues most of the time is reading each member's events
    /// (`issue_events_issue`, then the rows).
    static let burndown = """
        WITH m AS (
            SELECT number, lower(title) AS title FROM milestones WHERE lower(title) = lower($1)
        ), members AS (
            SELECT issue_number, bool_or(current) AS current
              FROM (SELECT e.issue_number, false AS current FROM issue_events e
                     WHERE e.kind = 'milestoned' AND lower(e.milestone_title) = lower($1)
                    UNION ALL
                    SELECT i.number, true FROM issues i WHERE i.milestone_number = (SELECT number FROM m)) AS found
             GROUP BY issue_number
        ), steps AS (
            SELECT e.issue_number, e.created_at,
                   row_number() OVER (PARTITION BY e.issue_number ORDER BY e.created_at, e.id) AS n,
                   CASE e.kind WHEN 'closed' THEN 0 WHEN 'created' THEN 1 WHEN 'reopened' THEN 1 END AS opens,
                   CASE e.kind WHEN 'deleted' THEN 0 WHEN 'restored' THEN 1 END AS keeps,
                   CASE WHEN e.kind = 'demilestoned' THEN 0
                        WHEN e.kind = 'milestoned' THEN
                            (lower(e.milestone_title) = m.title OR members.current
                             AND count(*) FILTER (WHERE e.kind IN ('milestoned', 'demilestoned')) OVER (
                                 PARTITION BY e.issue_number ORDER BY e.created_at, e.id
                                 ROWS BETWEEN 1 FOLLOWING AND UNBOUNDED FOLLOWING) = 0)::int
                   END AS joins
              FROM members JOIN issues i ON i.number = members.issue_number
              JOIN issue_events e ON e.issue_number = i.number CROSS JOIN m
             WHERE e.kind IN ('created', 'closed', 'reopened', 'deleted', 'restored', 'milestoned', 'demilestoned')
        ), states AS (
            SELECT issue_number, n, (created_at AT TIME ZONE 'UTC')::date AS day,
                   coalesce(max(n * 2 + joins) OVER w % 2 = 1, false) AS inside,
                   coalesce(max(n * 2 + opens) OVER w % 2 = 1, false)
                   AND coalesce(max(n * 2 + keeps) OVER w % 2 = 1, true)
                   AND coalesce(max(n * 2 + joins) OVER w % 2 = 1, false) AS counted
              FROM steps WINDOW w AS (PARTITION BY issue_number ORDER BY n ROWS UNBOUNDED PRECEDING)
        ), changes AS (
            SELECT day, inside,
                   counted::int - coalesce(lag(counted::int) OVER (PARTITION BY issue_number ORDER BY n), 0) AS delta
              FROM states
        ), bounds AS (
            SELECT CASE WHEN min(day) FILTER (WHERE inside) IS NOT NULL
                        THEN greatest(min(day) FILTER (WHERE inside), $2::date - ($3::int - 1)) END AS first
              FROM changes
        ), daily AS (
            SELECT greatest(c.day, b.first) AS day, sum(c.delta) AS delta
              FROM changes c CROSS JOIN bounds b
             WHERE c.day <= $2::date AND c.delta <> 0
             GROUP BY 1
        )
        SELECT d::date::text AS day, (sum(coalesce(daily.delta, 0)) OVER (ORDER BY d))::bigint AS open
          FROM bounds b CROSS JOIN generate_series(b.first::timestamp, $2::date::timestamp, interval '1 day') d
          LEFT JOIN daily ON daily.day = d::date
         ORDER BY d
        """

    /// $1 the first week's Monday, $2 how many weeks: per week, issues created and `closed`
    /// events, of issues not in the trash (`issue_events_opened_closed`, 0021).
    static let activity = """
        WITH counted AS (
            SELECT date_trunc('week', e.created_at AT TIME ZONE 'UTC')::date AS week,
                   count(*) FILTER (WHERE e.kind = 'created') AS opened,
                   count(*) FILTER (WHERE e.kind = 'closed') AS closed
              FROM issue_events e JOIN issues i ON i.number = e.issue_number
             WHERE e.kind IN ('created', 'closed') AND i.deleted_at IS NULL
               AND e.created_at >= $1::date::timestamp AT TIME ZONE 'UTC'
               AND e.created_at < ($1::date + 7 * $2::int)::timestamp AT TIME ZONE 'UTC'
             GROUP BY 1
        )
        SELECT w::date::text AS week, coalesce(c.opened, 0) AS opened, coalesce(c.closed, 0) AS closed
          FROM generate_series($1::date::timestamp, ($1::date + 7 * ($2::int - 1))::timestamp, interval '7 days') w
          LEFT JOIN counted c ON c.week = w::date
         ORDER BY w
        """
}
