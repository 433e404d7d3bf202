import Postgres
import TrackerCore

public struct PostgresCommentRepository: CommentRepository {
    let database: Database

    public init(database: Database) {
        self.database = database
    }

    /// One flight: `tracker_add_comment` (the issue locked, the comment with its event and
    /// mentions), then the comment read back by the id it took from the comments' counter.
    public func add(_ body: String, to number: IssueNumber, author: Login) async throws -> Comment {
        let added = try await database.trackedTransaction { connection in
            connection.send(
                "SELECT tracker_add_comment($1, $2, $3, $4::text[])",
                [author.value, number.value, body, IssueChanges.mentions(in: body)])
            return connection.send(CommentRows.select + " WHERE c.id = \(CommentRows.newID)")
        }
        return try decoded {
            guard let row = try added.result().first else {
                throw TrackerError.storageFailure("the new comment was not read back")
            }
            return try CommentRows.comment(from: row)
        }
    }

    public func comment(_ id: CommentID) async throws -> Comment {
        try await database.tracked { connection in try CommentRows.comment(id.value, on: connection) }
    }

    /// One flight: `tracker_comment_change_check`, then the comment.
    public func commentToChange(_ id: CommentID, actor: Login) async throws -> Comment {
        try await database.tracked { connection in
            connection.send("SELECT tracker_comment_change_check($1, $2)", [actor.value, id.value])
            return try CommentRows.comment(id.value, on: connection)
        }
    }

    /// One flight: `tracker_edit_comment` (one's own comment needs write, anyone else's
    /// maintain; the same text is no change), then the comment read back.
    public func edit(_ id: CommentID, body: String, actor: Login) async throws -> Comment {
        let edited = try await database.trackedTransaction { connection in
            connection.send(
                "SELECT tracker_edit_comment($1, $2, $3, $4::text[])",
                [actor.value, id.value, body, IssueChanges.mentions(in: body)])
            return connection.send(CommentRows.select + " WHERE c.id = $1", [id.value])
        }
        return try decoded {
            guard let row = try edited.result().first else { throw CommentRows.missing(id) }
            return try CommentRows.comment(from: row)
        }
    }

    /// One flight: the comment as it was, then `tracker_delete_comment`.
    public func delete(_ id: CommentID, actor: Login) async throws -> Comment {
        let deleted = try await database.trackedTransaction { connection in
            let comment = connection.send(CommentRows.select + " WHERE c.id = $1", [id.value])
            connection.send("SELECT tracker_delete_comment($1, $2)", [actor.value, id.value])
            return comment
        }
        return try decoded {
            guard let row = try deleted.result().first else { throw CommentRows.missing(id) }
            return try CommentRows.comment(from: row)
        }
    }
}

/// Reading issue_comments rows as `Comment` values.
enum CommentRows {
    /// The id of the comment this transaction added last: the comments' counter, whose row the
    /// adding statement holds until the transaction ends.
    static let newID = "(SELECT last_value FROM id_counters WHERE name = 'comment')"

    static let select = """
        SELECT c.id, c.issue_number, author.login AS author, c.body, c.created_at, c.updated_at,
               c.deleted_at IS NOT NULL AS in_trash
          FROM issue_comments c JOIN users author ON author.id = c.author_id
        """

    /// The comment, unless it is missing or in the trash.
    static func comment(_ id: Int64, on connection: Connection) throws -> Comment {
        guard let row = try connection.query(select + " WHERE c.id = $1", [id]).first else {
            throw TrackerError.notFound("comment \(id) does not exist (see `tracker show N --comments`)")
        }
        if try row.decode("in_trash") {
            throw TrackerError.notFound(
                "comment \(id) is in the trash (`tracker comment restore \(id)` brings it back)")
        }
        return try comment(from: row)
    }

    static func missing(_ id: CommentID) -> TrackerError {
        .notFound("comment \(id) does not exist; nothing was changed")
    }

    static func comment(from row: Row) throws -> Comment {
        Comment(
            id: try CommentID(try row.decode("id")), issue: try IssueNumber(try row.decode("issue_number")),
            author: try Login(try row.decode("author")), body: try row.decode("body"),
            createdAt: try row.timestamp("created_at"), updatedAt: try row.timestamp("updated_at"))
    }
}
