import Postgres
import TrackerCore

/// The labels and milestones an import names: missing ones are created (labels with their
/// colours, milestones with their numbers when free, due dates and states), existing ones used
/// as they are. Ids are keyed by lowercased name or title.
enum ImportedOrganization {
    static func labels(in records: [ImportedIssue], on connection: Connection) throws -> [String: Int64] {
        var wanted: [String: Label] = [:]
        for record in records {
            for label in record.labels where wanted[label.name.value.lowercased()] == nil {
                wanted[label.name.value.lowercased()] = label
            }
        }
        guard !wanted.isEmpty else { return [:] }
        let labels = Array(wanted.values)
        try connection.query(
            """
            INSERT INTO labels (name, color, description)
            SELECT * FROM unnest($1::text[], $2::text[], $3::text[]) ON CONFLICT DO NOTHING
            """,
            [
                PostgresTextArray(labels.map(\.name.value)), PostgresTextArray(labels.map(\.color.hex)),
                PostgresTextArray(labels.map(\.description)),
            ])
        var ids: [String: Int64] = [:]
        for row in try connection.query(
            "SELECT lower(name), id FROM labels WHERE lower(name) = ANY($1::text[])",
            [PostgresTextArray(Array(wanted.keys))]
        ).rows {
            ids[try row.decode(0)] = try row.decode(1)
        }
        return ids
    }

    static func milestones(in records: [ImportedIssue], on connection: Connection) throws -> [String: Int64] {
        var wanted: [String: ImportedMilestone] = [:]
        for record in records {
            if let milestone = record.milestone, wanted[milestone.title.value.lowercased()] == nil {
                wanted[milestone.title.value.lowercased()] = milestone
            }
        }
        guard !wanted.isEmpty else { return [:] }
        // Those whose number is free keep it; then the counter moves past every number, and the
        // rest take theirs from it. The counter is a row of this transaction: a refused import
        // moves nothing.
        let milestones = wanted.values.sorted { ($0.number?.value ?? .max) < ($1.number?.value ?? .max) }
        for milestone in milestones {
            try connection.query(
                """
                INSERT INTO milestones (number, title, description, due_on, state, closed_at)
                SELECT $1::bigint, $2, $3, $4::timestamptz, $5::text, CASE WHEN $5::text = 'closed' THEN clock_timestamp() END
                 WHERE $1::bigint IS NOT NULL AND NOT EXISTS (SELECT 1 FROM milestones WHERE number = $1::bigint)
                ON CONFLICT DO NOTHING
                """,
                [
                    milestone.number?.value, milestone.title.value, milestone.description,
                    milestone.dueOn?.postgresText, milestone.state.rawValue,
                ])
        }
        try connection.query(
            """
            UPDATE id_counters SET last_value = greatest(last_value, (SELECT max(number) FROM milestones))
             WHERE name = 'milestone'
            """)
        for milestone in milestones {
            try connection.query(
                """
                WITH next AS (
                    UPDATE id_counters SET last_value = last_value + 1 WHERE name = 'milestone'
                       AND NOT EXISTS (SELECT 1 FROM milestones WHERE lower(title) = lower($1))
                    RETURNING last_value
                )
                INSERT INTO milestones (number, title, description, due_on, state, closed_at)
                SELECT last_value, $1, $2, $3::timestamptz, $4::text, CASE WHEN $4::text = 'closed' THEN clock_timestamp() END
                  FROM next
                ON CONFLICT DO NOTHING
                """,
                [milestone.title.value, milestone.description, milestone.dueOn?.postgresText, milestone.state.rawValue])
        }
        var numbers: [String: Int64] = [:]
        for row in try connection.query(
            "SELECT lower(title), number FROM milestones WHERE lower(title) = ANY($1::text[])",
            [PostgresTextArray(Array(wanted.keys))]
        ).rows {
            numbers[try row.decode(0)] = try row.decode(1)
        }
        return numbers
    }
}
