import TrackerCore

/// The documented JSON fields of an issue, named as `gh issue list --json` names them.
public enum IssueField: String, CaseIterable, Sendable {
    case number, title, body, state, stateReason, author, assignees, comments, labels, milestone, createdAt, updatedAt
    case closedAt, events

    /// The fields of a list (events only with `show`).
    public static let listFields: [IssueField] = allCases.filter { $0 != .events }

    /// Parses `number,title,assignees`; an unknown name is refused with the known ones, by the
    /// rule every command's `--json FIELDS` follows (`JSONFieldList`).
    public static func parse(_ text: String, allowed: [IssueField] = listFields) throws(TrackerError) -> [IssueField] {
        try JSONFieldList(parsing: text, available: allowed.map(\.rawValue)).names.compactMap(
            IssueField.init(rawValue:))
    }
}
