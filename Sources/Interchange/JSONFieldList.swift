import TrackerCore

/// `--json FIELDS` for every command that prints JSON: the names given, checked against the
/// fields its objects have. Issues name theirs with `IssueField`; comments, labels, milestones,
/// users and watch's changes with the lists here, which `JSONFieldListTests` holds to what the
/// encoders write.
public struct JSONFieldList: Equatable, Sendable {
    public static let comment = ["author", "body", "createdAt", "id", "updatedAt"]
    public static let label = ["color", "description", "name"]
    public static let milestone = [
        "closedIssues", "description", "dueOn", "number", "openIssues", "percentDone", "state", "title",
    ]
    public static let user = ["login", "name"]
    public static let access = ["level", "login", "role"]
    public static let projects = ["archived", "default", "key", "name", "remote"]
    public static let change = [
        "actingUser", "actor", "commentId", "createdAt", "currentTitle", "id", "importedBy", "issue", "kind", "label",
        "milestone", "previousTitle", "project", "stateReason", "subject", "title", "undo",
    ]

    public static let version = ["author", "body", "createdAt", "title", "version"]
    public static let trashed = [
        "author", "body", "deletedAt", "deletedBy", "id", "issue", "number", "title", "type",
    ]
    public static let undoable = ["blocked", "events", "id", "madeAt", "undo"]
    /// `milestone show` and `report`, each one object.
    public static let burndown = ["milestone", "series", "today"]
    public static let report = ["weeks"]

    public let names: [String]

    /// `text` is `number,title` as typed; an unknown name is refused with the available ones.
    public init(parsing text: String, available: [String]) throws(TrackerError) {
        var names: [String] = []
        for name in text.split(separator: ",").map({ $0.trimmed }) {
            guard available.contains(name) else {
                throw .invalidInput(
                    field: "--json", rule: "unknown field '\(name)'; available: \(available.joined(separator: ","))")
            }
            if !names.contains(name) { names.append(name) }
        }
        guard !names.isEmpty else { throw .invalidInput(field: "--json", rule: "name at least one field") }
        self.names = names
    }

    /// The objects in `value` (one, or an array of them) with only the named fields.
    public func keeping(_ value: JSONValue) -> JSONValue {
        switch value {
        case .array(let items): .array(items.map(keeping))
        case .object(let members): .object(members.filter { names.contains($0.key) })
        default: value
        }
    }

    /// `value` with only `fields`' fields; every field when there is no list.
    public static func apply(_ fields: JSONFieldList?, to value: JSONValue) -> JSONValue {
        fields?.keeping(value) ?? value
    }

    /// What a command's `--json` and hidden `--json-fields` ask for: nil for every field.
    public static func selection(_ text: String?, available: [String]) throws(TrackerError) -> JSONFieldList? {
        try text.map { text throws(TrackerError) in try JSONFieldList(parsing: text, available: available) }
    }
}
