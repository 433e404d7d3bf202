import Postgres
import TrackerCore

/// The issue_events table: one row per event, written in the change's transaction by the
/// change functions (migrations 0014, 0015).
enum IssueEvents {
    /// The events of issue `number`'s timeline: its own, and the closes of its duplicates.
    static func timeline(in result: QueryResult, of number: Int64) throws -> [IssueEvent] {
        try result.rows.map { row in
            var event = try event(from: row)
            let issue: Int64 = try row.decode("issue_number")
            if issue != number, case .closedAsDuplicate = event.kind {
                event.kind = .duplicateClosed(try IssueNumber(issue))
            }
            return event
        }
    }

    /// Events `e` with everything `event(from:)` reads, and their issue's number.
    static let select = """
        SELECT e.id AS event_id, e.issue_number, e.kind, actor.login AS actor, subject.login AS subject, e.state_reason,
               e.duplicate_of, e.previous_priority, e.priority, e.previous_due_on, e.due_on,
               e.previous_parent_number, e.parent_number, e.blocker_number,
               e.previous_title, e.current_title, e.comment_id, e.label_name, e.milestone_title, e.created_at,
               acting.login AS acting_user, importer.login AS imported_by,
               coalesce(change.undoes IS NOT NULL, false) AS undo
          FROM issue_events e
          JOIN users actor ON actor.id = e.actor_id
          LEFT JOIN users subject ON subject.id = e.subject_user_id
          LEFT JOIN users acting ON acting.id = e.acting_user_id
          LEFT JOIN imports i ON i.id = e.import_id
          LEFT JOIN users importer ON importer.id = i.user_id
          LEFT JOIN changes change ON change.xact = e.xact
        """

    /// In time order: an import writes an issue's events before its comments' events, so the id
    /// order would put a close before the comments that came first. The closes of issues closed as
    /// its duplicates are on it too (migration 0018: no event of their own on this issue).
    static func timelineStatement(of number: Int64) -> Statement {
        Statement(
            select
                + " WHERE e.issue_number = $1 OR (e.duplicate_of = $1 AND e.kind = 'closed') ORDER BY e.created_at, e.id",
            [number])
    }

    static func event(from row: Row) throws -> IssueEvent {
        let subject = try (row.decode("subject") as String?).map { try Login($0) }
        let comment = try (row.decode("comment_id") as Int64?).map { try CommentID($0) }
        let titles = (try row.decode("previous_title") as String?, try row.decode("current_title") as String?)
        let kind: IssueEvent.Kind
        switch (try row.decode("kind") as String, subject, comment) {
        case ("created", _, _): kind = .created
        case ("assigned", let subject?, _): kind = .assigned(subject)
        case ("unassigned", let subject?, _): kind = .unassigned(subject)
        case ("closed", _, _):
            let reason = StateReason(rawValue: try row.decode("state_reason") ?? "completed") ?? .completed
            if reason == .duplicate, let original = try row.decode("duplicate_of") as Int64? {
                kind = .closedAsDuplicate(of: try IssueNumber(original))
            } else {
                kind = .closed(reason)
            }
        case ("reopened", _, _): kind = .reopened
        case ("renamed", _, _):
            guard let from = titles.0, let to = titles.1 else { throw unexpected("renamed without its titles") }
            kind = .renamed(from: from, to: to)
        case ("edited", _, _): kind = .edited
        case ("commented", _, let comment?): kind = .commented(comment)
        case ("comment_edited", _, let comment?): kind = .commentEdited(comment)
        case ("comment_deleted", _, let comment?): kind = .commentDeleted(comment)
        case ("comment_restored", _, let comment?): kind = .commentRestored(comment)
        case ("prioritized", _, _):
            kind = .prioritized(
                from: try IssueRowDecoding.priority(row.decode("previous_priority")),
                to: try IssueRowDecoding.priority(row.decode("priority")))
        case ("due_changed", _, _):
            kind = .dueChanged(
                from: try (row.decode("previous_due_on") as String?).map(DueDate.parse),
                to: try (row.decode("due_on") as String?).map(DueDate.parse))
        case ("parent_changed", _, _):
            kind = .parentChanged(
                from: try (row.decode("previous_parent_number") as Int64?).map { try IssueNumber($0) },
                to: try (row.decode("parent_number") as Int64?).map { try IssueNumber($0) })
        case ("blocker_added", _, _): kind = .blockerAdded(try IssueNumber(try row.decode("blocker_number")))
        case ("blocker_removed", _, _): kind = .blockerRemoved(try IssueNumber(try row.decode("blocker_number")))
        case ("deleted", _, _): kind = .deleted
        case ("restored", _, _): kind = .restored
        case ("labeled", _, _): kind = .labeled(LabelName(stored: try row.decode("label_name") ?? ""))
        case ("unlabeled", _, _): kind = .unlabeled(LabelName(stored: try row.decode("label_name") ?? ""))
        case ("milestoned", _, _): kind = .milestoned(MilestoneTitle(stored: try row.decode("milestone_title") ?? ""))
        case ("demilestoned", _, _):
            kind = .demilestoned(MilestoneTitle(stored: try row.decode("milestone_title") ?? ""))
        case (let other, _, _): throw unexpected("event '\(other)'")
        }
        return IssueEvent(
            kind: kind, actor: try Login(try row.decode("actor")), createdAt: try row.timestamp("created_at"),
            actingUser: try (row.decode("acting_user") as String?).map { try Login($0) },
            importedBy: try (row.decode("imported_by") as String?).map { try Login($0) }, isUndo: try row.decode("undo")
        )
    }

    private static func unexpected(_ what: String) -> TrackerError {
        .storageFailure("unexpected \(what) in the database")
    }
}
