import Postgres
import TrackerCore

/// The reads of versions, the trash and undo (migration 0015).
enum HistoryQueries {
    /// An issue's kept versions, then its current text with who wrote it (by its latest edit).
    static let issueVersions = """
        SELECT r.version, r.title, r.body, u.login AS author, r.written_at
          FROM issue_revisions r JOIN users u ON u.id = r.written_by
         WHERE r.issue_number = $1
        UNION ALL
        SELECT i.version, i.title, i.body, u.login, w.written_at
          FROM issues i CROSS JOIN LATERAL tracker_text_writer(i.number) w JOIN users u ON u.id = w.writer
         WHERE i.number = $1
         ORDER BY 1
        """

    static let commentVersions = """
        SELECT r.version::bigint AS version, NULL::text AS title, r.body, u.login AS author, r.written_at
          FROM comment_revisions r JOIN users u ON u.id = r.written_by
         WHERE r.comment_id = $1
        UNION ALL
        SELECT c.version, NULL, c.body, u.login, w.written_at
          FROM issue_comments c CROSS JOIN LATERAL tracker_comment_writer(c.id) w JOIN users u ON u.id = w.writer
         WHERE c.id = $1
         ORDER BY 1
        """

    static func version(from row: Row) throws -> TextVersion {
        TextVersion(
            version: try row.decode("version"), title: try row.decode("title"), body: try row.decode("body"),
            author: try Login(try row.decode("author")), writtenAt: try row.timestamp("written_at"))
    }

    static let trashedIssues = """
        SELECT \(IssueRowDecoding.columns), i.deleted_at, deleter.login AS deleted_by
          FROM issues i JOIN users author ON author.id = i.author_id JOIN users deleter ON deleter.id = i.deleted_by
         WHERE i.deleted_at IS NOT NULL
        """

    static let trashedComments = """
        SELECT c.id, c.issue_number, author.login AS author, c.body, c.created_at, c.updated_at, c.deleted_at,
               deleter.login AS deleted_by
          FROM issue_comments c JOIN users author ON author.id = c.author_id
          JOIN users deleter ON deleter.id = c.deleted_by
         WHERE c.deleted_at IS NOT NULL
        """

    /// The change `tracker undo` would take back, one row per event (none: no change).
    static let candidate = changeWithEvents(
        "SELECT change_id, xact, made_at, undoes, blocked FROM tracker_undo_candidate($1)")

    /// In the transaction of a `tracker_undo`: the change it took back.
    static let undone = changeWithEvents(
        """
        SELECT u.id AS change_id, u.xact, u.made_at, u.undoes, NULL::text AS blocked FROM changes u
         WHERE u.undone_by = (SELECT id FROM changes WHERE xact = pg_current_xact_id())
        """)

    private static func changeWithEvents(_ change: String) -> String {
        """
        WITH picked AS (\(change))
        SELECT picked.change_id, picked.made_at AS change_made_at, picked.undoes IS NOT NULL AS is_undo,
               picked.blocked, ev.*
          FROM picked
          LEFT JOIN LATERAL (\(IssueEvents.select) WHERE coalesce(e.xact, '0'::xid8) = picked.xact) ev ON true
         ORDER BY ev.event_id
        """
    }

    static func change(from rows: [Row]) throws -> UndoableChange? {
        guard let first = rows.first else { return nil }
        var entries: [UndoableChange.Entry] = []
        for row in rows where try row.decode("event_id", as: Int64?.self) != nil {
            entries.append(
                UndoableChange.Entry(
                    issue: try IssueNumber(try row.decode("issue_number")), event: try IssueEvents.event(from: row)))
        }
        return UndoableChange(
            id: try first.decode("change_id"), madeAt: try first.timestamp("change_made_at"),
            isUndo: try first.decode("is_undo"), entries: entries, blocked: try first.decode("blocked"))
    }
}
