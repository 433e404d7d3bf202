import TrackerCore

/// The documented JSON fields of an issue, named as `gh issue list --json` names them.
public enum IssueField: String, CaseIterable, Sendable {
    case number, title, body, state, stateReason, author, assignees, comments, labels, milestone, createdAt, updatedAt
    case closedAt, events

    /// The fields of a list (events only with `show`).
    public static let listFields: [IssueField] = allCases.filter { $0 != .events }

    /// Parses `number,title,assignees`; an unknown name is refused with the known ones.
    public static func parse(_ text: String, allowed: [IssueField] = listFields) throws(TrackerError) -> [IssueField] {
        var fields: [IssueField] = []
        for name in text.split(separator: ",").map({ $0.trimmed }) {
            guard let field = IssueField(rawValue: name), allowed.contains(field) else {
                throw .invalidInput(
                    field: "--json",
                    rule: "unknown field '\(name)'; available: \(allowed.map(\.rawValue).joined(separator: ","))")
            }
            if !fields.contains(field) { fields.append(field) }
        }
        guard !fields.isEmpty else { throw .invalidInput(field: "--json", rule: "name at least one field") }
        return fields
    }
}
