import Postgres
import TrackerCore

/// The comments and mentions of an import, inside its transaction: comments by COPY with their
/// `commented` events into the import's staging tables, then every mention (bodies and comments).
enum ImportedComments {
    /// New ids from the comments' counter, moved once for all of them (and back, with everything
    /// else, if the import is refused).
    static func newIDs(for records: [ImportedIssue], on connection: Connection) throws -> [Int64] {
        let count = records.reduce(0) { $0 + $1.comments.count }
        guard count > 0 else { return [] }
        let last: Int64 = try connection.query("SELECT tracker_import_comment_ids($1)", [count]).rows[0].decode(0)
        return Array((last - Int64(count) + 1)...last)
    }

    static func copy(_ rows: IssueImportRows, on connection: Connection) throws {
        try connection.copyIn(
            "COPY pg_temp.import_comments (id, issue_number, author_id, body, created_at, updated_at) FROM STDIN",
            rows.writeComments)
        try connection.copyIn(
            "COPY pg_temp.import_comment_events (issue_number, kind, actor_id, comment_id, created_at) FROM STDIN",
            rows.writeCommentEvents)
    }

    /// Every text's mentions, lowercased (body mentions have no comment id).
    static func recordMentions(_ rows: IssueImportRows, on connection: Connection) throws {
        try connection.copyIn("COPY pg_temp.import_mentions (issue_number, comment_id, login) FROM STDIN") { write in
            var buffer = ""
            rows.forEachText { number, comment, text in
                for login in Mentions.logins(in: text) {
                    buffer += "\(number)\t\(comment.map(String.init) ?? "\\N")\t\(login.value.lowercased())\n"
                }
            }
            if !buffer.isEmpty { try write(Data(buffer.utf8)) }
        }
    }
}

extension IssueImportRows {
    func writeComments(_ write: (Data) throws -> Void) throws {
        var position = 0
        try chunked(write) { index, line in
            for comment in records[index].comments {
                line +=
                    [
                        String(commentIDs[position]), String(numbers[index]), id(comment.author),
                        Connection.copyField(comment.body), comment.createdAt.postgresText,
                        comment.updatedAt.postgresText,
                    ].joined(separator: "\t") + "\n"
                position += 1
            }
        }
    }

    func writeCommentEvents(_ write: (Data) throws -> Void) throws {
        var position = 0
        try chunked(write) { index, line in
            for comment in records[index].comments {
                line +=
                    "\(numbers[index])\tcommented\t\(id(comment.author))\t\(commentIDs[position])\t"
                    + "\(comment.createdAt.postgresText)\n"
                position += 1
            }
        }
    }

    /// Every body and comment with its issue's number and (for a comment) its id.
    func forEachText(_ body: (Int64, Int64?, String) -> Void) {
        var position = 0
        for (index, record) in records.enumerated() {
            body(numbers[index], nil, record.body)
            for comment in record.comments {
                body(numbers[index], commentIDs[position], comment.body)
                position += 1
            }
        }
    }
}
