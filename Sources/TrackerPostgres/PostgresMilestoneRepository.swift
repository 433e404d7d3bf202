import Postgres
import TrackerCore

public struct PostgresMilestoneRepository: MilestoneRepository {
    private let database: Database

    public init(database: Database) {
        self.database = database
    }

    static let columns = "number, title, description, due_on, state, open_issues, closed_issues"

    public func create(title: MilestoneTitle, description: String, dueOn: Timestamp?) async throws -> Milestone {
        try await PostgresError.refusingTaken(title) {
            try await database.trackedTransaction { connection in
                try PostgresMilestoneRepository.changed(
                    "SELECT tracker_create_milestone($1, $2, $3::timestamptz)",
                    [title.value, description, dueOn?.postgresText],
                    titled: title, on: connection)
            }
        }
    }

    public func list(state: MilestoneState?) async throws -> [Milestone] {
        try await database.tracked { connection in
            try connection.query(
                """
                SELECT \(PostgresMilestoneRepository.columns) FROM milestones
                 WHERE $1::text IS NULL OR state = $1
                 ORDER BY state = 'closed', due_on NULLS LAST, lower(title)
                """, [state?.rawValue]
            ).rows.map(PostgresMilestoneRepository.milestone)
        }
    }

    public func milestone(titled title: MilestoneTitle) async throws -> Milestone {
        try await database.tracked { connection in try PostgresMilestoneRepository.find(title, on: connection) }
    }

    public func edit(_ title: MilestoneTitle, _ change: MilestoneChange) async throws -> Milestone {
        let (setsDue, due): (Bool, String?) =
            switch change.due {
            case nil: (false, nil)
            case .cleared: (true, nil)
            case .on(let time): (true, time.postgresText)
            }
        return try await PostgresError.refusingTaken(change.title ?? title) {
            try await database.trackedTransaction { connection in
                try PostgresMilestoneRepository.changed(
                    "SELECT tracker_edit_milestone($1, $2, $3, $4, $5::timestamptz)",
                    [title.value, change.title?.value, change.description, setsDue, due], titled: change.title ?? title,
                    on: connection)
            }
        }
    }

    public func setState(of title: MilestoneTitle, to state: MilestoneState) async throws -> Milestone {
        try await database.trackedTransaction { connection in
            try PostgresMilestoneRepository.changed(
                "SELECT tracker_set_milestone_state($1, $2)", [title.value, state.rawValue], titled: title,
                on: connection)
        }
    }

    /// One flight: the milestone as it was, then `tracker_delete_milestone` (locked first, taken
    /// off its issues with their `demilestoned` events, deleted).
    public func delete(_ title: MilestoneTitle, actor: Login) async throws -> Milestone {
        let found = try await database.trackedTransaction { connection in
            let found = connection.send(
                "SELECT \(PostgresMilestoneRepository.columns) FROM milestones WHERE lower(title) = lower($1)",
                [title.value])
            connection.send("SELECT tracker_delete_milestone($1, $2)", [actor.value, title.value])
            return found
        }
        return try decoded {
            guard let row = try found.result().first else {
                throw TrackerError.unknownMilestone(title: title.value, suggestions: [])
            }
            return try PostgresMilestoneRepository.milestone(from: row)
        }
    }

    /// One flight: `sql` (a function that changes one milestone), then the milestone read back
    /// by the title it has afterwards.
    private static func changed(
        _ sql: String, _ parameters: [any PostgresEncodable], titled title: MilestoneTitle, on connection: Connection
    ) throws -> Milestone {
        connection.send(sql, parameters)
        return try find(title, on: connection)
    }

    /// Milestones are few: rank every title.
    public func suggestions(for text: String, limit: Int) async throws -> [MilestoneTitle] {
        let titles = try await list(state: nil).map(\.title)
        return NameSuggestions.rank(text, among: titles, limit: limit) { $0.value }
    }

    static func find(_ title: MilestoneTitle, on connection: Connection, locking: Bool = false) throws -> Milestone {
        guard
            let row = try connection.query(
                "SELECT \(columns) FROM milestones WHERE lower(title) = lower($1)\(locking ? " FOR UPDATE" : "")",
                [title.value]
            ).first
        else { throw TrackerError.unknownMilestone(title: title.value, suggestions: []) }
        return try milestone(from: row)
    }

    static func milestone(from row: Row) throws -> Milestone {
        guard let state = MilestoneState(rawValue: try row.decode("state")) else {
            throw TrackerError.storageFailure("unexpected milestone state in the database")
        }
        return Milestone(
            number: try MilestoneNumber(try row.decode("number")),
            title: MilestoneTitle(stored: try row.decode("title")),
            description: try row.decode("description"), dueOn: try row.optionalTimestamp("due_on"), state: state,
            openIssues: try row.decode("open_issues"), closedIssues: try row.decode("closed_issues"))
    }
}
