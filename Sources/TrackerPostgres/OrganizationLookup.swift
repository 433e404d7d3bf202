import Postgres
import TrackerCore

/// Turns label names and milestone titles into ids inside a repository's transaction; a missing
/// one is `.unknownLabel` / `.unknownMilestone` (the use cases add suggestions).
enum OrganizationLookup {
    /// Ids in the order of `names`.
    static func labelIDs(of names: [LabelName], on connection: Connection) throws -> [Int64] {
        guard !names.isEmpty else { return [] }
        let lowered = names.map { $0.value.lowercased() }
        var idsByName: [String: Int64] = [:]
        for row in try connection.query(
            "SELECT lower(name), id FROM labels WHERE lower(name) = ANY($1::text[])", [PostgresTextArray(lowered)]
        ).rows {
            idsByName[try row.decode(0)] = try row.decode(1)
        }
        return try zip(names, lowered).map { name, key in
            guard let id = idsByName[key] else { throw TrackerError.unknownLabel(name: name.value, suggestions: []) }
            return id
        }
    }

    static func milestoneNumber(of title: MilestoneTitle, on connection: Connection) throws -> Int64 {
        try milestone(titled: title, on: connection).number
    }

    /// The number and the title as stored.
    static func milestone(
        titled title: MilestoneTitle, on connection: Connection
    ) throws -> (
        number: Int64, title: MilestoneTitle
    ) {
        guard
            let row = try connection.query(
                "SELECT number, title FROM milestones WHERE lower(title) = lower($1)", [title.value]
            ).first
        else { throw TrackerError.unknownMilestone(title: title.value, suggestions: []) }
        return (try row.decode(0), try MilestoneTitle(try row.decode(1)))
    }
}

/// Adds and removes an issue's labels and sets its milestone, with their events, inside the
/// caller's transaction; each moves updated_at only when something changed.
enum IssueOrganization {
    static func addLabels(
        _ labelIDs: [Int64], to number: Int64, actor: Int64, touch: Bool = true, on connection: Connection
    )
        throws
    {
        guard !labelIDs.isEmpty else { return }
        let added = try connection.query(
            """
            WITH added AS (
                INSERT INTO issue_labels (label_id, issue_number) SELECT unnest($2::bigint[]), $1
                ON CONFLICT DO NOTHING RETURNING label_id
            )
            INSERT INTO issue_events (issue_number, kind, actor_id, label_name, created_at)
            SELECT $1, 'labeled', $3, l.name, clock_timestamp() FROM added JOIN labels l ON l.id = added.label_id
             ORDER BY lower(l.name)
            """, [number, PostgresTextArray(labelIDs.map(String.init)), actor])
        if touch, added.affectedRows > 0 { IssueRepositoryQueries.touch(number, on: connection) }
    }

    static func removeLabels(_ labelIDs: [Int64], from number: Int64, actor: Int64, on connection: Connection) throws {
        guard !labelIDs.isEmpty else { return }
        let removed = try connection.query(
            """
            WITH removed AS (
                DELETE FROM issue_labels WHERE issue_number = $1 AND label_id = ANY($2::bigint[]) RETURNING label_id
            )
            INSERT INTO issue_events (issue_number, kind, actor_id, label_name, created_at)
            SELECT $1, 'unlabeled', $3, l.name, clock_timestamp() FROM removed JOIN labels l ON l.id = removed.label_id
             ORDER BY lower(l.name)
            """, [number, PostgresTextArray(labelIDs.map(String.init)), actor])
        if removed.affectedRows > 0 { IssueRepositoryQueries.touch(number, on: connection) }
    }

    /// `milestone` nil takes the issue out of its milestone; the same milestone is no change. The
    /// actor is cast: under UNION ALL an untyped parameter would be resolved as text.
    static func setMilestone(_ milestone: Int64?, of number: Int64, actor: Int64, on connection: Connection) throws {
        try connection.query(
            """
            WITH old AS (
                SELECT i.number, i.milestone_number, m.title FROM issues i
                  LEFT JOIN milestones m ON m.number = i.milestone_number WHERE i.number = $1
            ),
            changed AS (
                UPDATE issues i SET milestone_number = $2, updated_at = clock_timestamp() FROM old
                 WHERE i.number = old.number AND i.milestone_number IS DISTINCT FROM $2::bigint
                RETURNING i.number
            )
            INSERT INTO issue_events (issue_number, kind, actor_id, milestone_title, created_at)
            SELECT old.number, 'demilestoned', $3::bigint, old.title, clock_timestamp() FROM old, changed
             WHERE old.title IS NOT NULL
            UNION ALL
            SELECT changed.number, 'milestoned', $3::bigint, m.title, clock_timestamp() FROM changed
              JOIN milestones m ON m.number = $2
            """, [number, milestone, actor])
    }
}
