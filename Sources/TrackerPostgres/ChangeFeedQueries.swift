import Postgres
import TrackerCore

/// The feed's two statements. Every event is ordered by (coalesce(xact, 0), id), the key of
/// the index `issue_events_feed`, and only events below the horizon are handed out: those are
/// final, as every transaction that can still write an event has an id at or above it.
enum ChangeFeedQueries {
    /// The horizon: the oldest transaction that was running when the statement's snapshot was
    /// taken (the snapshot's xmin), leaving out those still running in another database of the
    /// server (a session never changes database, so they cannot write these events; without
    /// this, one long transaction anywhere on a shared server would hold every line back). A
    /// transaction whose database is not known (it ended since, or is prepared) counts: the
    /// horizon is never later than it can be proven. Without a running transaction, the next
    /// id to be given out.
    static let horizon = """
        snapshot AS (SELECT pg_current_snapshot() AS taken),
        elsewhere AS (
            SELECT backend_xid FROM pg_stat_activity
             WHERE backend_xid IS NOT NULL
               AND datid IS DISTINCT FROM (SELECT oid FROM pg_database WHERE datname = current_database())
        ),
        horizon AS (
            SELECT least(pg_snapshot_xmax(taken),
                         (SELECT min(running) FROM pg_snapshot_xip(taken) AS running
                           WHERE running::xid NOT IN (SELECT backend_xid FROM elsewhere))) AS xmin
              FROM snapshot
        )
        """

    /// Where watching begins ($1 an event id, or NULL for now: the horizon itself), and whether
    /// the filter's issue ($2) and login ($3) exist.
    static let start = """
        WITH \(horizon)
        SELECT CASE WHEN $1::bigint IS NULL THEN (SELECT xmin FROM horizon)
                    ELSE (SELECT coalesce(xact, '0'::xid8) FROM issue_events WHERE id = $1) END::text AS xact,
               ($2::bigint IS NULL OR EXISTS (SELECT 1 FROM issues WHERE number = $2)) AS issue_known,
               ($3::text IS NULL OR EXISTS (SELECT 1 FROM users WHERE lower(login) = lower($3))) AS login_known
        """

    /// At most $5 events after the position ($1 transaction, $2 event id) that the filter keeps
    /// (one issue $3; issues assigned to the login $4, or assigning or unassigning them), with
    /// the horizon and whether committed events wait behind it (the newest event's key, read
    /// from the end of the index). Always one row at least: with no event, its columns are NULL.
    /// The issue's title and the logins are looked up row by row (a batch is small).
    static let changes = """
        -- tracker live: changes (named for pg_stat_activity, which shows only a query's first kilobyte)
        WITH \(horizon),
        picked AS (
            SELECT coalesce(e.xact, '0'::xid8) AS xact, e.id, e.issue_number, e.kind, e.actor_id, e.subject_user_id,
                   e.state_reason, e.duplicate_of, e.previous_priority, e.priority, e.previous_due_on, e.due_on,
                   e.previous_parent_number, e.parent_number, e.blocker_number,
                   e.previous_title, e.current_title, e.comment_id, e.label_name,
                   e.milestone_title, e.created_at, e.acting_user_id, e.import_id
              FROM issue_events e
             WHERE (coalesce(e.xact, '0'::xid8), e.id) > ($1::xid8, $2::bigint)
               AND coalesce(e.xact, '0'::xid8) < (SELECT xmin FROM horizon)
               AND ($3::bigint IS NULL OR e.issue_number = $3)
               AND ($4::text IS NULL
                    OR e.subject_user_id = (SELECT id FROM users WHERE lower(login) = lower($4))
                    OR e.issue_number IN (SELECT a.issue_number FROM issue_assignees a JOIN users u ON u.id = a.user_id
                                           WHERE lower(u.login) = lower($4)))
             ORDER BY coalesce(e.xact, '0'::xid8), e.id
             LIMIT $5
        )
        SELECT h.xmin::text AS horizon,
               coalesce((SELECT max(coalesce(w.xact, '0'::xid8)) FROM issue_events w) >= h.xmin, false) AS held_back,
               p.xact::text AS xact, p.id, p.issue_number, p.kind, p.state_reason, p.duplicate_of,
               p.previous_priority, p.priority, p.previous_due_on, p.due_on,
               p.previous_parent_number, p.parent_number, p.blocker_number,
               p.previous_title,
               p.current_title, p.comment_id, p.label_name, p.milestone_title, p.created_at,
               (SELECT title FROM issues WHERE number = p.issue_number) AS title,
               (SELECT login FROM users WHERE id = p.actor_id) AS actor,
               (SELECT login FROM users WHERE id = p.subject_user_id) AS subject,
               (SELECT login FROM users WHERE id = p.acting_user_id) AS acting_user,
               (SELECT u.login FROM imports i JOIN users u ON u.id = i.user_id WHERE i.id = p.import_id) AS imported_by,
               coalesce((SELECT c.undoes IS NOT NULL FROM changes c WHERE c.xact = p.xact), false) AS undo
          FROM horizon h LEFT JOIN picked p ON true
         ORDER BY p.xact, p.id
        """

    /// `project`: the project the rows were read in, when watching every project.
    static func batch(
        from rows: [Row], after position: ChangePosition, limit: Int, project: ProjectKey? = nil
    ) throws -> ChangeBatch {
        guard let first = rows.first else { throw TrackerError.storageFailure("the change feed read no horizon") }
        let horizon = try group(try first.decode("horizon"))
        var changes: [IssueChange] = []
        for row in rows where try row.decode("id", as: Int64?.self) != nil {
            let position = ChangePosition(group: try group(try row.decode("xact")), event: try row.decode("id"))
            var change = IssueChange(
                id: position.event, issue: try IssueNumber(try row.decode("issue_number")),
                title: try row.decode("title"), event: try IssueEvents.event(from: row), position: position)
            change.project = project
            changes.append(change)
        }
        // A full batch stops at its last change; otherwise everything below the horizon was read.
        let next =
            changes.count >= limit
            ? changes.last?.position ?? position
            : max(position, ChangePosition(group: horizon, event: 0))
        return ChangeBatch(changes: changes, next: next, heldBack: try first.decode("held_back"))
    }

    /// Every project's batch, read in one snapshot (so under one horizon), as one: the first
    /// `limit` changes in the feed's order. Every change at or before the last one handed out was
    /// in some project's batch (a project that filled its batch has none earlier left out).
    static func merged(_ batches: [ChangeBatch], after position: ChangePosition, limit: Int) -> ChangeBatch {
        let all = batches.flatMap(\.changes).sorted { $0.position < $1.position }
        let heldBack = batches.contains(where: \.heldBack)
        if all.count >= limit, let last = all.prefix(limit).last {
            return ChangeBatch(changes: Array(all.prefix(limit)), next: last.position, heldBack: heldBack)
        }
        return ChangeBatch(changes: all, next: batches.map(\.next).min() ?? position, heldBack: heldBack)
    }

    /// A transaction id (xid8) as text.
    static func group(_ text: String) throws -> UInt64 {
        guard let value = UInt64(text) else {
            throw TrackerError.storageFailure("unexpected transaction id '\(text)' in the database")
        }
        return value
    }
}
