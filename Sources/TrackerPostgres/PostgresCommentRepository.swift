import Postgres
import TrackerCore

public struct PostgresCommentRepository: CommentRepository {
    let database: Database

    public init(database: Database) {
        self.database = database
    }

    /// One flight: the author checked, the issue locked (it must exist), the comment with its
    /// event and mentions, then the comment read back (by the id it took from the comments'
    /// counter, whose row this transaction holds until it ends).
    public func add(_ body: String, to number: IssueNumber, author: Login) async throws -> Comment {
        let added = try await database.trackedTransaction { connection in
            connection.send(SchemaGuard.userCheck(author))
            connection.send("SELECT tracker_lock_issues(ARRAY[$1::bigint])", [number.value])
            connection.send(
                """
                WITH next AS (
                    UPDATE id_counters SET last_value = last_value + 1 WHERE name = 'comment'
                    RETURNING last_value AS id, clock_timestamp() AS at
                ),
                added AS (
                    INSERT INTO issue_comments (id, issue_number, author_id, body, created_at, updated_at)
                    SELECT next.id, $1, tracker_user_id($2), $3, next.at, next.at FROM next
                    RETURNING id, issue_number, author_id
                ),
                recorded AS (
                    INSERT INTO issue_events (issue_number, kind, actor_id, comment_id, created_at)
                    SELECT issue_number, 'commented', author_id, id, clock_timestamp() FROM added
                )
                UPDATE issues SET updated_at = clock_timestamp() WHERE number = (SELECT issue_number FROM added)
                """, [number.value, author.value, body])
            let mentioned = Mentions.logins(in: body)
            if !mentioned.isEmpty {
                connection.send(IssueMentions.statement(mentioned, in: .newComment(of: number.value)))
            }
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

    public func edit(_ id: CommentID, body: String, actor: Login) async throws -> Comment {
        try await database.trackedTransaction { connection in
            let actorID = try UserLookup.id(of: actor, on: connection)
            let comment = try CommentRows.ownComment(id, actor: actor, verb: "edit", on: connection)
            guard comment.body != body else { return comment }
            try connection.query(
                "UPDATE issue_comments SET body = $2, updated_at = clock_timestamp() WHERE id = $1", [id.value, body])
            IssueEvents.record(.commentEdited(id.value), issue: comment.issue.value, actor: actorID, on: connection)
            IssueMentions.replace(comment: id.value, of: comment.issue.value, text: body, on: connection)
            IssueRepositoryQueries.touch(comment.issue.value, on: connection)
            return try CommentRows.comment(id.value, on: connection)
        }
    }

    public func delete(_ id: CommentID, actor: Login) async throws -> Comment {
        try await database.trackedTransaction { connection in
            let actorID = try UserLookup.id(of: actor, on: connection)
            let comment = try CommentRows.ownComment(id, actor: actor, verb: "delete", on: connection)
            try connection.query("DELETE FROM issue_comments WHERE id = $1", [id.value])
            IssueEvents.record(
                .commentDeleted(id.value), issue: comment.issue.value, actor: actorID, on: connection)
            IssueRepositoryQueries.touch(comment.issue.value, on: connection)
            return comment
        }
    }
}

/// Reading issue_comments rows as `Comment` values.
enum CommentRows {
    /// The id of the comment this transaction added last: the comments' counter, whose row the
    /// adding statement holds until the transaction ends.
    static let newID = "(SELECT last_value FROM id_counters WHERE name = 'comment')"

    static let select = """
        SELECT c.id, c.issue_number, author.login AS author, c.body, c.created_at, c.updated_at
          FROM issue_comments c JOIN users author ON author.id = c.author_id
        """

    static func comment(_ id: Int64, on connection: Connection) throws -> Comment {
        guard let row = try connection.query(select + " WHERE c.id = $1", [id]).first else {
            throw TrackerError.notFound("comment \(id) does not exist (see `tracker show N --comments`)")
        }
        return try comment(from: row)
    }

    /// The comment, locked, when `actor` wrote it; someone else's is refused.
    static func ownComment(
        _ id: CommentID, actor: Login, verb: String, on connection: Connection
    ) throws -> Comment {
        guard let row = try connection.query(select + " WHERE c.id = $1 FOR UPDATE OF c", [id.value]).first else {
            throw TrackerError.notFound("comment \(id) does not exist; nothing was changed")
        }
        let comment = try comment(from: row)
        guard comment.author == actor else {
            throw TrackerError.notYourComment(id, author: comment.author, verb: verb)
        }
        return comment
    }

    static func comment(from row: Row) throws -> Comment {
        Comment(
            id: try CommentID(try row.decode("id")), issue: try IssueNumber(try row.decode("issue_number")),
            author: try Login(try row.decode("author")), body: try row.decode("body"),
            createdAt: try row.timestamp("created_at"), updatedAt: try row.timestamp("updated_at"))
    }
}
