import Postgres
import TrackerCore

/// Burndowns and weekly activity, each computed by one statement on the server (`ProgressQueries`).
public struct PostgresProgressRepository: ProgressRepository {
    private let database: Database

    public init(database: Database) {
        self.database = database
    }

    /// Over the same database as `issues`.
    public init(sharing issues: PostgresIssueRepository) {
        self.database = issues.database
    }

    /// One flight: the milestone, then its counts per day.
    public func burndown(of title: MilestoneTitle, through today: Day, days: Int64) async throws -> BurndownHistory {
        let (found, rows) = try await database.tracked { connection in
            let found = connection.send(
                "SELECT \(PostgresMilestoneRepository.columns) FROM milestones WHERE lower(title) = lower($1)",
                [title.value])
            let rows = try connection.query(ProgressQueries.burndown, [title.value, today.description, days]).rows
            return (found, rows)
        }
        return try decoded {
            guard let row = try found.result().first else {
                throw TrackerError.unknownMilestone(title: title.value, suggestions: [])
            }
            return BurndownHistory(
                milestone: try PostgresMilestoneRepository.milestone(from: row),
                counts: try rows.map { row in
                    BurndownHistory.Count(day: try Self.day(try row.decode("day")), open: try row.decode("open"))
                })
        }
    }

    public func activity(from first: Day, weeks: Int) async throws -> [ActivityReport.Week] {
        let rows = try await database.tracked { connection in
            try connection.query(ProgressQueries.activity, [first.description, weeks]).rows
        }
        return try decoded {
            try rows.map { row in
                ActivityReport.Week(
                    start: try Self.day(try row.decode("week")), opened: try row.decode("opened"),
                    closed: try row.decode("closed"))
            }
        }
    }

    private static func day(_ text: String) throws -> Day {
        guard let day = Day(iso8601: text) else {
            throw TrackerError.storageFailure("unexpected date '\(text)' in the database")
        }
        return day
    }
}
