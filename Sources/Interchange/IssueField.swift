import TrackerCore

/// The documented JSON fields of an issue, named as `gh issue list --json` names them.
public enum IssueField: String, CaseIterable, Sendable {
    case number, title, body, state, stateReason, author, assignees, comments, labels, milestone, createdAt, updatedAt
    case closedAt, url, events
    /// Issue 30's planning fields: `P0`…`P3` and `YYYY-MM-DD`, or null.
    case priority, dueOn
    /// Sub-issues and dependencies, by GitHub's names: `{"number"}` or null, `{"total",
    /// "completed", "percentCompleted"}`, `[{"number"}]`; with `show`, also the children and what it
    /// blocks as `[{"number", "title", "state"}]`.
    case parent, subIssuesSummary, blockedBy, subIssues, blocking
    /// The original of an issue closed as a duplicate (`{"number"}`), else null.
    case duplicateOf
    /// With `show`: issues of other projects its body and comments name, and those naming it, as
    /// `[{"project", "number", "title", "state"}]` (migration 0024).
    case references, referencedBy

    /// The fields of a list (events, sub-issues, what it blocks and references only with `show`;
    /// the address only when asked, and in an export).
    public static let listFields: [IssueField] = allCases.filter {
        ![.events, .url, .subIssues, .blocking, .references, .referencedBy].contains($0)
    }

    /// What `export` writes: a list's fields and each issue's address, so importing the export
    /// again is recognised.
    public static let exportFields: [IssueField] = listFields + [.url]

    /// What `show --json` may name.
    public static let showFields: [IssueField] = allCases.filter { $0 != .url }

    /// Parses `number,title,assignees`; an unknown name is refused with the known ones, by the
    /// rule every command's `--json FIELDS` follows (`JSONFieldList`).
    public static func parse(_ text: String, allowed: [IssueField] = listFields) throws(TrackerError) -> [IssueField] {
        try JSONFieldList(parsing: text, available: allowed.map(\.rawValue)).names.compactMap(
            IssueField.init(rawValue:))
    }
}
