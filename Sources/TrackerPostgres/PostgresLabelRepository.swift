import Postgres
import TrackerCore

public struct PostgresLabelRepository: LabelRepository {
    private let database: Database

    public init(database: Database) {
        self.database = database
    }

    public func create(_ label: Label) async throws -> Label {
        try await refusingTakenName(label.name) {
            try await database.trackedTransaction { connection in
                try PostgresLabelRepository.label(
                    from: connection.query(
                        "INSERT INTO labels (name, color, description) VALUES ($1, $2, $3) RETURNING name, color, description",
                        [label.name.value, label.color.hex, label.description]
                    ).rows[0])
            }
        }
    }

    public func list(search: String?) async throws -> [Label] {
        try await database.tracked { connection in
            try connection.query(
                """
                SELECT name, color, description FROM labels
                 WHERE $1::text IS NULL OR strpos(lower(name), lower($1)) > 0 OR strpos(lower(description), lower($1)) > 0
                 ORDER BY lower(name)
                """, [search]
            ).rows.map(PostgresLabelRepository.label)
        }
    }

    public func label(named name: LabelName) async throws -> Label {
        try await database.tracked { connection in try PostgresLabelRepository.find(name, on: connection) }
    }

    public func edit(_ name: LabelName, _ change: LabelChange) async throws -> Label {
        try await refusingTakenName(change.name ?? name) {
            try await database.trackedTransaction { connection in
                let found = try connection.query(
                    """
                    UPDATE labels SET name = coalesce($2, name), color = coalesce($3, color),
                                      description = coalesce($4, description)
                     WHERE lower(name) = lower($1)
                    RETURNING name, color, description
                    """, [name.value, change.name?.value, change.color?.hex, change.description])
                guard let row = found.first else { throw TrackerError.unknownLabel(name: name.value, suggestions: []) }
                return try PostgresLabelRepository.label(from: row)
            }
        }
    }

    public func delete(_ name: LabelName, actor: Login) async throws -> (label: Label, issues: Int) {
        try await database.trackedTransaction { connection in
            let actorID = try UserLookup.id(of: actor, on: connection)
            let label = try PostgresLabelRepository.find(name, on: connection)
            // Every issue carrying it gets its unlabeled event and moves updated_at; then the
            // label goes, and its issue_labels rows with it.
            let touched = try connection.query(
                """
                WITH target AS (SELECT id, name FROM labels WHERE lower(name) = lower($1) FOR UPDATE),
                carriers AS (
                    SELECT il.issue_number FROM issue_labels il, target WHERE il.label_id = target.id
                ),
                recorded AS (
                    INSERT INTO issue_events (issue_number, kind, actor_id, label_name, created_at)
                    SELECT carriers.issue_number, 'unlabeled', $2, target.name, clock_timestamp() FROM carriers, target
                )
                UPDATE issues SET updated_at = clock_timestamp() WHERE number IN (SELECT issue_number FROM carriers)
                """, [name.value, actorID]
            ).affectedRows
            try connection.query("DELETE FROM labels WHERE lower(name) = lower($1)", [name.value])
            return (label, touched)
        }
    }

    public func suggestions(for text: String, limit: Int) async throws -> [LabelName] {
        // Labels are few (a team's vocabulary): rank them all.
        let names = try await list(search: nil).map(\.name)
        return NameSuggestions.rank(text, among: names, limit: limit) { $0.value }
    }

    static func find(_ name: LabelName, on connection: Connection) throws -> Label {
        guard
            let row = try connection.query(
                "SELECT name, color, description FROM labels WHERE lower(name) = lower($1)", [name.value]
            ).first
        else { throw TrackerError.unknownLabel(name: name.value, suggestions: []) }
        return try label(from: row)
    }

    static func label(from row: Row) throws -> Label {
        try Label(
            name: try LabelName(try row.decode(0)), color: try LabelColor(try row.decode(1)),
            description: try row.decode(2))
    }

    private func refusingTakenName<T: Sendable>(_ name: LabelName, _ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch TrackerError.invalidInput(field: "label name", rule: PostgresError.takenNameRule) {
            throw TrackerError.invalidInput(
                field: "label name", rule: "'\(name)' is already taken (names ignore case); pick another")
        }
    }
}
