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

    /// The label is locked first, so a labelling that began before waits to finish and one that
    /// begins after is refused (its foreign key check waits for the lock, then finds no label);
    /// then its rows are taken off with DELETE … RETURNING, each statement with a fresh snapshot,
    /// so the `unlabeled` events and the count are exactly the rows this deletion removed (a
    /// concurrent `--remove-label` that got there first keeps its own event, and this one none).
    public func delete(_ name: LabelName, actor: Login) async throws -> (label: Label, issues: Int) {
        try await database.trackedTransaction { connection in
            let actorID = try UserLookup.id(of: actor, on: connection)
            guard
                let row = try connection.query(
                    "SELECT id, name, color, description FROM labels WHERE lower(name) = lower($1) FOR UPDATE",
                    [name.value]
                ).first
            else { throw TrackerError.unknownLabel(name: name.value, suggestions: []) }
            let id: Int64 = try row.decode("id")
            let label = Label(
                name: LabelName(stored: try row.decode("name")), color: try LabelColor(try row.decode("color")),
                storedDescription: try row.decode("description"))
            let touched = try connection.query(
                """
                WITH removed AS (DELETE FROM issue_labels WHERE label_id = $1 RETURNING issue_number),
                recorded AS (
                    INSERT INTO issue_events (issue_number, kind, actor_id, label_name, created_at)
                    SELECT issue_number, 'unlabeled', $2, $3, clock_timestamp() FROM removed ORDER BY issue_number
                )
                UPDATE issues SET updated_at = clock_timestamp() WHERE number IN (SELECT issue_number FROM removed)
                """, [id, actorID, label.name.value]
            ).affectedRows
            try connection.query("DELETE FROM labels WHERE id = $1", [id])
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
        Label(
            name: LabelName(stored: try row.decode(0)), color: try LabelColor(try row.decode(1)),
            storedDescription: try row.decode(2))
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
