import Postgres
import TrackerCore

/// The statements that change issues: migration 0014's functions, one call each, which check the
/// session's level, take the acting user from the session (`actor` is the login the person named,
/// their own unless an admin acts for someone) and write the change with exactly its events.
/// Names are resolved inside the call, so an unknown one refuses the whole change (TS003-TS006).
enum IssueChanges {
    /// SQLSTATE of migration 0009's `tracker_edit_conflict`.
    static let conflictCode = "TS008"

    static func create(_ draft: IssueDraft, author: Login) -> Statement {
        Statement(
            "SELECT tracker_create_issue($1, $2, $3, $4, $5::text[], $6::text[], $7::text[])",
            [
                author.value, draft.title, draft.body, draft.milestone?.value, texts(draft.assignees.map(\.value)),
                texts(draft.labels.map(\.value)), mentions(in: draft.body),
            ])
    }

    /// The issue the transaction just created: the counter's row is this transaction's until it ends.
    static let created = Statement(
        IssueRowDecoding.selectIssues + " WHERE i.number = (SELECT last_number FROM issue_number_counter)")

    /// One all-or-nothing change of `numbers`, in their order. `removeAllAssignees` unassigns everyone.
    static func edit(
        _ numbers: [IssueNumber], _ edit: IssueEdit, read: ReadVersion?, actor: Login,
        removeAllAssignees: Bool = false
    ) -> Statement {
        let milestone: String? = if case .set(let title) = edit.milestone { title.value } else { nil }
        return Statement(
            """
            SELECT tracker_edit_issues($1, $2::bigint[], $3, $4, $5, $6::text[], $7::text[], $8, $9::text[], $10::text[],
                                       $11, $12, $13::text[])
            """,
            [
                actor.value, numbersArray(numbers), edit.title, edit.body, read?.version,
                texts(edit.addAssignees.map(\.value)), texts(edit.removeAssignees.map(\.value)), removeAllAssignees,
                texts(edit.addLabels.map(\.value)), texts(edit.removeLabels.map(\.value)), milestone,
                edit.milestone == .remove, mentions(in: edit.body ?? ""),
            ])
    }

    /// Closes (with `reason`) or reopens; its rows are the numbers that changed.
    static func setState(_ numbers: [IssueNumber], closedAs reason: StateReason?, actor: Login) -> Statement {
        Statement(
            "SELECT tracker_set_state($1, $2::bigint[], $3, $4)",
            [actor.value, numbersArray(numbers), reason == nil ? "open" : "closed", reason?.rawValue])
    }

    /// Closes `number` as a duplicate of `original`; its row is the number when it changed.
    static func closeAsDuplicate(_ number: IssueNumber, of original: IssueNumber, actor: Login) -> Statement {
        Statement(
            "SELECT tracker_close_as_duplicate($1, $2, $3)", [actor.value, number.value, original.value])
    }

    static func issues(_ numbers: [IssueNumber]) -> Statement {
        Statement(IssueRowDecoding.selectIssues + " WHERE i.number = ANY($1::bigint[])", [numbersArray(numbers)])
    }

    /// The registered logins a text mentions, as the functions take them (lowercased).
    static func mentions(in text: String) -> PostgresTextArray {
        texts(Mentions.logins(in: text).map { $0.value.lowercased() })
    }

    static func texts(_ values: [String]) -> PostgresTextArray { PostgresTextArray(values) }

    static func numbersArray(_ numbers: [IssueNumber]) -> PostgresTextArray {
        PostgresTextArray(numbers.map { String($0.value) })
    }
}
