import TrackerCore

/// The JSON of the trash and of undo.
extension IssueJSON {
    /// One thing in the trash: `{"type": "issue", "number", "title", …}` or `{"type": "comment", "id", "issue", "body", …}`.
    public static func trashed(_ item: TrashedItem) -> JSONValue {
        var members: [String: JSONValue] = [
            "deletedAt": .string(item.deletedAt.iso8601), "deletedBy": person(item.deletedBy),
        ]
        switch item {
        case .issue(let issue, _, _):
            members.merge(["type": "issue", "number": .integer(issue.number.value), "title": .string(issue.title)]) {
                $1
            }
        case .comment(let comment, _, _):
            members.merge([
                "type": "comment", "id": .integer(comment.id.value), "issue": .integer(comment.issue.value),
                "body": .string(comment.body), "author": person(comment.author),
            ]) { $1 }
        }
        return .object(members)
    }

    /// A change as `undo --json` prints it: its id, when, whether it is an undo, why it cannot be
    /// undone (null: it can), and its events with their issues.
    public static func change(_ change: UndoableChange) -> JSONValue {
        .object([
            "id": .integer(change.id), "madeAt": .string(change.madeAt.iso8601), "undo": .bool(change.isUndo),
            "blocked": JSONValue(change.blocked),
            "events": .array(
                change.entries.map { entry in
                    .object(event(entry.event).merging(["issue": .integer(entry.issue.value)]) { $1 })
                }),
        ])
    }
}
