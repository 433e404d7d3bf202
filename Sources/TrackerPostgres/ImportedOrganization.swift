import Postgres
import TrackerCore

/// The labels and milestones an import names, registered by migration 0014's import functions:
/// missing ones are created (labels with their colours, milestones with their numbers when free,
/// due dates and states), existing ones used as they are. Ids are keyed by lowercased name or title.
enum ImportedOrganization {
    /// `alone`: labels the file names on their own, after the records' (the first spelling wins).
    static func labels(
        in records: [ImportedIssue], alone: [Label] = [], on connection: Connection
    ) throws -> [String: Int64] {
        var wanted: [String: Label] = [:]
        for label in records.flatMap(\.labels) + alone where wanted[label.name.value.lowercased()] == nil {
            wanted[label.name.value.lowercased()] = label
        }
        guard !wanted.isEmpty else { return [:] }
        let labels = Array(wanted.values)
        var ids: [String: Int64] = [:]
        for row in try connection.query(
            "SELECT name, id FROM tracker_import_labels($1::text[], $2::text[], $3::text[])",
            [
                PostgresTextArray(labels.map(\.name.value)), PostgresTextArray(labels.map(\.color.hex)),
                PostgresTextArray(labels.map(\.description)),
            ]
        ).rows {
            ids[try row.decode(0)] = try row.decode(1)
        }
        return ids
    }

    static func milestones(
        in records: [ImportedIssue], alone: [ImportedMilestone] = [], on connection: Connection
    ) throws -> [String: Int64] {
        var wanted: [String: ImportedMilestone] = [:]
        for milestone in records.compactMap(\.milestone) + alone where wanted[milestone.title.value.lowercased()] == nil
        {
            wanted[milestone.title.value.lowercased()] = milestone
        }
        guard !wanted.isEmpty else { return [:] }
        let milestones = Array(wanted.values)
        var numbers: [String: Int64] = [:]
        for row in try connection.query(
            """
            SELECT title, number
              FROM tracker_import_milestones($1::bigint[], $2::text[], $3::text[], $4::timestamptz[], $5::text[])
            """,
            [
                PostgresTextArray(nullable: milestones.map { $0.number.map { String($0.value) } }),
                PostgresTextArray(milestones.map(\.title.value)), PostgresTextArray(milestones.map(\.description)),
                PostgresTextArray(nullable: milestones.map { $0.dueOn?.postgresText }),
                PostgresTextArray(milestones.map(\.state.rawValue)),
            ]
        ).rows {
            numbers[try row.decode(0)] = try row.decode(1)
        }
        return numbers
    }
}
