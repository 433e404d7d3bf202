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

    /// Migration 0018's priority and due date of `numbers` (nil: the issue this transaction just
    /// created); no statement when neither changes.
    static func plan(
        _ numbers: [IssueNumber]?, priority: PlanChange<Priority>?, due: PlanChange<Timestamp>?, actor: Login
    ) -> Statement? {
        guard priority != nil || due != nil else { return nil }
        return Statement(
            "SELECT tracker_plan_issues($1, \(targets(numbers)), $3::smallint, $4, $5::date, $6)",
            [
                actor.value, numbersArray(numbers ?? []), priority?.value.map { Int64($0.rawValue) }, priority != nil,
                due?.value.map(DueDate.text), due != nil,
            ])
    }

    /// The priorities and due dates an import brings (migration 0018's `tracker_import_plan`, after
    /// `tracker_import_finish`); no statement when no record has either.
    static func importedPlan(_ records: [ImportedIssue], numbers: [Int64], importID: Int64) -> Statement? {
        let planned = zip(records, numbers).filter { record, _ in record.priority != nil || record.dueOn != nil }
        guard !planned.isEmpty else { return nil }
        return Statement(
            "SELECT tracker_import_plan($1, $2::bigint[], $3::smallint[], $4::date[])",
            [
                importID, PostgresTextArray(planned.map { String($0.1) }),
                PostgresTextArray(nullable: planned.map { $0.0.priority.map { String($0.rawValue) } }),
                PostgresTextArray(nullable: planned.map { $0.0.dueOn.map(DueDate.text) }),
            ])
    }

    /// The `$2` of a call on `numbers`, or on the issue this transaction just created (nil): the
    /// counter's row is this transaction's until it ends.
    static func targets(_ numbers: [IssueNumber]?) -> String {
        numbers == nil ? "ARRAY[(SELECT last_number FROM issue_number_counter)] || $2::bigint[]" : "$2::bigint[]"
    }

    /// The issue the transaction just created: the counter's row is this transaction's until it ends;
    /// with its project's key when the tracker has several, so `Created issue web#3` says where.
    static let created = Statement(
        """
        SELECT created.*, (SELECT p.key FROM projects p
                            WHERE p.id = tracker_project_id() AND (SELECT count(*) FROM projects) > 1) AS project_key
          FROM (\(IssueRowDecoding.selectIssues) WHERE i.number = (SELECT last_number FROM issue_number_counter)) created
        """)

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
