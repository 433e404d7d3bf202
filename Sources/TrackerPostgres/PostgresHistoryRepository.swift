import Postgres
import TrackerCore

/// Versions, the trash and undo through migration 0015's tables and functions.
public struct PostgresHistoryRepository: HistoryRepository {
    let database: Database
    private var issues: PostgresIssueRepository { PostgresIssueRepository(database: database) }

    public init(database: Database) {
        self.database = database
    }

    public func textHistory(of number: IssueNumber) async throws -> TextHistory {
        let rows = try await database.tracked { connection in
            try connection.query(HistoryQueries.issueVersions, [number.value]).rows
        }
        guard !rows.isEmpty else { throw TrackerError.notFound("issue #\(number.value) does not exist") }
        return TextHistory(versions: try decoded { try rows.map(HistoryQueries.version) })
    }

    public func commentHistory(of id: CommentID) async throws -> TextHistory {
        let rows = try await database.tracked { connection in
            try connection.query(HistoryQueries.commentVersions, [id.value]).rows
        }
        guard !rows.isEmpty else { throw TrackerError.notFound("comment \(id) does not exist") }
        return TextHistory(versions: try decoded { try rows.map(HistoryQueries.version) })
    }

    public func delete(_ numbers: [IssueNumber], actor: Login) async throws -> [StateChange] {
        try await issues.changeStates(numbers) { unique in
            Statement(
                "SELECT tracker_delete_issues($1, $2::bigint[])", [actor.value, IssueChanges.numbersArray(unique)])
        }
    }

    public func restore(_ numbers: [IssueNumber], actor: Login) async throws -> [StateChange] {
        try await issues.changeStates(numbers) { unique in
            Statement(
                "SELECT tracker_restore_issues($1, $2::bigint[])", [actor.value, IssueChanges.numbersArray(unique)])
        }
    }

    public func restoreComment(_ id: CommentID, actor: Login) async throws -> Comment {
        let restored = try await database.trackedTransaction { connection in
            connection.send("SELECT tracker_restore_comment($1, $2)", [actor.value, id.value])
            return connection.send(CommentRows.select + " WHERE c.id = $1", [id.value])
        }
        return try decoded {
            guard let row = try restored.result().first else { throw CommentRows.missing(id) }
            return try CommentRows.comment(from: row)
        }
    }

    /// One flight: the issues, then the comments, in the trash.
    public func trash() async throws -> [TrashedItem] {
        let (issueRows, commentRows) = try await database.tracked { connection in
            let pending = (
                connection.send(HistoryQueries.trashedIssues), connection.send(HistoryQueries.trashedComments)
            )
            try connection.flush()
            return pending
        }
        return try decoded {
            let issues = try issueRows.result().rows.map { row in
                TrashedItem.issue(
                    try IssueRowDecoding.issue(from: row), deletedAt: try row.timestamp("deleted_at"),
                    deletedBy: try Login(try row.decode("deleted_by")))
            }
            let comments = try commentRows.result().rows.map { row in
                TrashedItem.comment(
                    try CommentRows.comment(from: row), deletedAt: try row.timestamp("deleted_at"),
                    deletedBy: try Login(try row.decode("deleted_by")))
            }
            return (issues + comments).sorted { $0.deletedAt > $1.deletedAt }
        }
    }

    public func purgeTrash(deletedBefore: Timestamp, actor: Login) async throws -> PurgedTrash {
        let row = try await database.trackedTransaction { connection in
            try connection.query(
                "SELECT issues, comments FROM tracker_purge_trash($1, $2::timestamptz)",
                [actor.value, deletedBefore.iso8601]
            ).rows[0]
        }
        return try decoded {
            PurgedTrash(issues: Int(try row.decode(0) as Int64), comments: Int(try row.decode(1) as Int64))
        }
    }

    public func undoableChange(of actor: Login) async throws -> UndoableChange? {
        let rows = try await database.tracked { connection in
            try connection.query(HistoryQueries.candidate, [actor.value]).rows
        }
        return try decoded { try HistoryQueries.change(from: rows) }
    }

    /// One flight: `tracker_undo`, then the change it took back, read through the undo's own change.
    public func undo(actor: Login) async throws -> UndoableChange {
        let (_, undone) = try await database.trackedTransaction { connection in
            (
                connection.send("SELECT tracker_undo($1)", [actor.value]),
                connection.send(HistoryQueries.undone)
            )
        }
        return try decoded {
            guard let change = try HistoryQueries.change(from: try undone.result().rows) else {
                throw TrackerError.storageFailure("the undone change was not read back")
            }
            return change
        }
    }
}
