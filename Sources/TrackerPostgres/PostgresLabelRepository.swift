import Postgres
import TrackerCore

public struct PostgresLabelRepository: LabelRepository {
    private let database: Database

    public init(database: Database) {
        self.database = database
    }

    public func create(_ label: Label) async throws -> Label {
        try await PostgresError.refusingTaken(label.name) {
            try await database.trackedTransaction { connection in
                connection.send(
                    "SELECT tracker_create_label($1, $2, $3)", [label.name.value, label.color.hex, label.description])
                return try PostgresLabelRepository.find(label.name, on: connection)
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
        try await PostgresError.refusingTaken(change.name ?? name) {
            try await database.trackedTransaction { connection in
                connection.send(
                    "SELECT tracker_edit_label($1, $2, $3, $4)",
                    [name.value, change.name?.value, change.color?.hex, change.description])
                return try PostgresLabelRepository.find(change.name ?? name, on: connection)
            }
        }
    }

    /// One flight: the label as it was, then `tracker_delete_label`, which locks it first (a
    /// labelling that began before finishes, one that begins after waits and then finds no
    /// label) and takes it off its issues with DELETE … RETURNING, so the `unlabeled` events and
    /// the count are exactly the rows this deletion removed.
    public func delete(_ name: LabelName, actor: Login) async throws -> (label: Label, issues: Int) {
        let (label, count) = try await database.trackedTransaction { connection in
            (
                connection.send(
                    "SELECT name, color, description FROM labels WHERE lower(name) = lower($1)", [name.value]),
                connection.send("SELECT tracker_delete_label($1, $2)", [actor.value, name.value])
            )
        }
        return try decoded {
            guard let row = try label.result().first else {
                throw TrackerError.unknownLabel(name: name.value, suggestions: [])
            }
            return (try PostgresLabelRepository.label(from: row), try count.result().rows[0].decode(0))
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
}
