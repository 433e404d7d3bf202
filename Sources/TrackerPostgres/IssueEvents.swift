import Postgres
import TrackerCore

/// The issue_events table: one row per change, written in the change's transaction.
enum IssueEvents {
    enum Kind {
        case created
        case closed(StateReason)
        case reopened
    }

    static func record(_ kind: Kind, issue number: Int64, actor: Int64, on connection: Connection) throws {
        let (name, reason): (String, String?) =
            switch kind {
            case .created: ("created", nil)
            case .closed(let reason): ("closed", reason.rawValue)
            case .reopened: ("reopened", nil)
            }
        try connection.query(
            """
            INSERT INTO issue_events (issue_number, kind, actor_id, state_reason, created_at)
            VALUES ($1, $2, $3, $4, clock_timestamp())
            """, [number, name, actor, reason])
    }

    static func timeline(of number: Int64, on connection: Connection) throws -> [IssueEvent] {
        try connection.query(
            """
            SELECT e.kind, actor.login AS actor, subject.login AS subject, e.state_reason, e.created_at
              FROM issue_events e
              JOIN users actor ON actor.id = e.actor_id
              LEFT JOIN users subject ON subject.id = e.subject_user_id
             WHERE e.issue_number = $1
             ORDER BY e.id
            """, [number]
        ).rows.map(event)
    }

    private static func event(from row: Row) throws -> IssueEvent {
        let subject = try (row.decode("subject") as String?).map { try Login($0) }
        let kind: IssueEvent.Kind
        switch (try row.decode("kind") as String, subject) {
        case ("created", _): kind = .created
        case ("assigned", let subject?): kind = .assigned(subject)
        case ("unassigned", let subject?): kind = .unassigned(subject)
        case ("closed", _):
            kind = .closed(StateReason(rawValue: try row.decode("state_reason") ?? "completed") ?? .completed)
        case ("reopened", _): kind = .reopened
        case (let other, _): throw TrackerError.storageFailure("unexpected event '\(other)' in the database")
        }
        return IssueEvent(
            kind: kind, actor: try Login(try row.decode("actor")), createdAt: try row.timestamp("created_at"))
    }
}
