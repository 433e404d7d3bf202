import Postgres
import TrackerCore

public struct PostgresMilestoneRepository: MilestoneRepository {
    private let database: Database

    public init(database: Database) {
        self.database = database
    }

    static let columns = "number, title, description, due_on, state, open_issues, closed_issues"

    public func create(title: MilestoneTitle, description: String, dueOn: Timestamp?) async throws -> Milestone {
        try await refusingTakenTitle(title) {
            try await database.trackedTransaction { connection in
                try PostgresMilestoneRepository.milestone(
                    from: connection.query(
                        """
                        WITH next AS (
                            UPDATE id_counters SET last_value = last_value + 1 WHERE name = 'milestone'
                            RETURNING last_value
                        )
                        INSERT INTO milestones (number, title, description, due_on)
                        SELECT last_value, $1, $2, $3::timestamptz FROM next
                        RETURNING \(PostgresMilestoneRepository.columns)
                        """, [title.value, description, dueOn?.postgresText]
                    ).rows[0])
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
        return try await refusingTakenTitle(change.title ?? title) {
            try await database.trackedTransaction { connection in
                let found = try connection.query(
                    """
                    UPDATE milestones SET title = coalesce($2, title), description = coalesce($3, description),
                                          due_on = CASE WHEN $4 THEN $5::timestamptz ELSE due_on END
                     WHERE lower(title) = lower($1)
                    RETURNING \(PostgresMilestoneRepository.columns)
                    """, [title.value, change.title?.value, change.description, setsDue, due])
                guard let row = found.first else {
                    throw TrackerError.unknownMilestone(title: title.value, suggestions: [])
                }
                return try PostgresMilestoneRepository.milestone(from: row)
            }
        }
    }

    public func setState(of title: MilestoneTitle, to state: MilestoneState) async throws -> Milestone {
        try await database.trackedTransaction { connection in
            let found = try connection.query(
                """
                UPDATE milestones
                   SET state = $2,
                       closed_at = CASE WHEN $2 = 'closed' THEN coalesce(closed_at, clock_timestamp()) END
                 WHERE lower(title) = lower($1)
                RETURNING \(PostgresMilestoneRepository.columns)
                """, [title.value, state.rawValue])
            guard let row = found.first else {
                throw TrackerError.unknownMilestone(title: title.value, suggestions: [])
            }
            return try PostgresMilestoneRepository.milestone(from: row)
        }
    }

    public func delete(_ title: MilestoneTitle, actor: Login) async throws -> Milestone {
        try await database.trackedTransaction { connection in
            let actorID = try UserLookup.id(of: actor, on: connection)
            let milestone = try PostgresMilestoneRepository.find(title, on: connection, locking: true)
            try connection.query(
                """
                WITH carriers AS (
                    UPDATE issues SET milestone_number = NULL, updated_at = clock_timestamp()
                     WHERE milestone_number = $1 RETURNING number
                )
                INSERT INTO issue_events (issue_number, kind, actor_id, milestone_title, created_at)
                SELECT number, 'demilestoned', $2, $3, clock_timestamp() FROM carriers
                """, [milestone.number.value, actorID, milestone.title.value])
            try connection.query("DELETE FROM milestones WHERE number = $1", [milestone.number.value])
            return milestone
        }
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

    private func refusingTakenTitle<T: Sendable>(
        _ title: MilestoneTitle, _ body: () async throws -> T
    ) async throws
        -> T
    {
        do {
            return try await body()
        } catch TrackerError.invalidInput(field: "milestone title", rule: PostgresError.takenNameRule) {
            throw TrackerError.invalidInput(
                field: "milestone title", rule: "'\(title)' is already taken (titles ignore case); pick another")
        }
    }
}
