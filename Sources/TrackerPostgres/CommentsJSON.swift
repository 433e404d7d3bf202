import TrackerCore

/// Reads the JSON array `IssueRowDecoding.selectIssuesWithComments` builds per issue (NULL: none).
enum CommentsJSON {
    private struct Entry: Decodable {
        let id: Int64
        let author: String
        let body: String
        let createdAt: String
        let updatedAt: String
    }

    static func decode(_ text: String?, issue: IssueNumber) throws -> [Comment] {
        guard let text else { return [] }
        let entries: [Entry]
        do {
            entries = try JSONDecoder().decode([Entry].self, from: Data(text.utf8))
        } catch {
            throw TrackerError.storageFailure("unexpected comments from the database: \(error)")
        }
        return try entries.map { entry in
            Comment(
                id: try CommentID(entry.id), issue: issue, author: try Login(entry.author), body: entry.body,
                createdAt: try time(entry.createdAt), updatedAt: try time(entry.updatedAt))
        }
    }

    private static func time(_ text: String) throws -> Timestamp {
        guard let time = Timestamp(iso8601: text) else {
            throw TrackerError.storageFailure("the database holds a comment time tracker cannot read (\(text))")
        }
        return time
    }
}
