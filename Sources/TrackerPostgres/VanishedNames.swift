import Postgres
import TrackerCore

/// A label or milestone a change named was deleted while the change ran: the change found it,
/// then its foreign key check waited for the deletion and refused the row. Which one it was is
/// asked once more, after the refusal and only then.
enum VanishedNames {
    static let constraints: Set = ["issue_labels_label_id_fkey", "issues_milestone_number_fkey"]

    /// The first of `labels` (then `milestone`) that no longer exists, as the refusal a person
    /// understands; nil when the error is another one, or every name is there again.
    static func refusal(
        _ error: PostgresError, labels: [LabelName], milestone: MilestoneTitle?, on database: Database
    ) async throws -> TrackerError? {
        guard error.sqlState == SQLState.foreignKeyViolation, let constraint = error.constraint,
            constraints.contains(constraint)
        else { return nil }
        let (label, milestoneGone): (String?, Bool) = try await database.tracked { connection in
            let label = try connection.query(
                """
                SELECT wanted.name FROM unnest($1::text[]) WITH ORDINALITY AS wanted (name, position)
                 WHERE NOT EXISTS (SELECT 1 FROM labels l WHERE lower(l.name) = lower(wanted.name))
                 ORDER BY wanted.position LIMIT 1
                """, [PostgresTextArray(labels.map(\.value))]
            ).first.map { row throws(PostgresError) -> String in try row.decode(0) }
            let gone: Bool = try connection.query(
                "SELECT $1::text IS NOT NULL AND NOT EXISTS (SELECT 1 FROM milestones WHERE lower(title) = lower($1))",
                [milestone?.value]
            ).rows[0].decode(0)
            return (label, gone)
        }
        if let label { return .unknownLabel(name: label, suggestions: []) }
        if milestoneGone, let milestone { return .unknownMilestone(title: milestone.value, suggestions: []) }
        return nil
    }
}
