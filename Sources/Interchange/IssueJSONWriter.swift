import TrackerCore

/// An issue as one line of JSON, byte for byte what `IssueJSON.encodeLine(IssueJSON.object(…))`
/// gives, written straight into a byte buffer: no dictionaries of `Any`, and none of Foundation's
/// locale-aware key sorting (ICU collation), which made `export` 40× slower than the database.
/// `IssueJSONWriterTests` holds it to the same bytes as that encoder.
public struct IssueJSONWriter: Sendable {
    /// The fields in the order `.sortedKeys` puts them.
    private let fields: [IssueField]

    public init(fields: [IssueField]) {
        var unique: [IssueField] = []
        for field in fields where !unique.contains(field) { unique.append(field) }
        self.fields = unique.sorted { JSONBytes.keyPrecedes($0.rawValue, $1.rawValue) }
    }

    public func write(_ issue: Issue, into out: inout [UInt8]) {
        var object = JSONBytes.Object(&out)
        for field in fields {
            object.key(field.rawValue, into: &out)
            switch field {
            case .number: JSONBytes.integer(issue.number.value, into: &out)
            case .title: JSONBytes.string(issue.title, into: &out)
            case .body: JSONBytes.string(issue.body, into: &out)
            case .state: JSONBytes.string(issue.state.rawValue.uppercased(), into: &out)
            case .stateReason: JSONBytes.optionalString(issue.stateReason?.rawValue.uppercased(), into: &out)
            case .author: Self.person(issue.author, names: issue.names, into: &out)
            case .assignees:
                JSONBytes.array(issue.assignees, into: &out) { Self.person($0, names: issue.names, into: &$1) }
            case .comments:
                JSONBytes.array(issue.comments ?? [], into: &out) { Self.comment($0, names: issue.names, into: &$1) }
            case .labels: JSONBytes.array(issue.labels, into: &out, Self.label)
            case .milestone:
                if let milestone = issue.milestone {
                    Self.milestone(milestone, into: &out)
                } else {
                    JSONBytes.null(&out)
                }
            case .createdAt: JSONBytes.string(issue.createdAt.iso8601, into: &out)
            case .updatedAt: JSONBytes.string(issue.updatedAt.iso8601, into: &out)
            case .closedAt: JSONBytes.optionalString(issue.closedAt?.iso8601, into: &out)
            case .url: JSONBytes.optionalString(issue.url, into: &out)
            case .events: out += Array("[]".utf8)  // a list carries no events (IssueField.listFields)
            case .priority: JSONBytes.optionalString(issue.priority?.name, into: &out)
            case .dueOn: JSONBytes.optionalString(issue.dueOn.map(DueDate.text), into: &out)
            case .parent:
                if let parent = issue.parent { Self.numbered(parent, into: &out) } else { JSONBytes.null(&out) }
            case .subIssuesSummary: Self.summary(issue.subIssues, into: &out)
            case .duplicateOf:
                if let original = issue.duplicateOf {
                    Self.numbered(original, into: &out)
                } else {
                    JSONBytes.null(&out)
                }
            case .blockedBy: JSONBytes.array(issue.blockedBy ?? [], into: &out, Self.numbered)
            // Only `show` has the children and what an issue blocks (IssueField.listFields).
            case .subIssues, .blocking, .references, .referencedBy: out += Array("[]".utf8)
            }
        }
        object.close(&out)
    }

    private static func numbered(_ number: IssueNumber, into out: inout [UInt8]) {
        var object = JSONBytes.Object(&out)
        object.key("number", into: &out)
        JSONBytes.integer(number.value, into: &out)
        object.close(&out)
    }

    /// GitHub's `subIssuesSummary`, as `IssueJSON.subIssuesSummary`.
    private static func summary(_ progress: SubIssueProgress, into out: inout [UInt8]) {
        var object = JSONBytes.Object(&out)
        object.key("completed", into: &out)
        JSONBytes.integer(Int64(progress.done), into: &out)
        object.key("percentCompleted", into: &out)
        JSONBytes.integer(Int64(progress.percentDone), into: &out)
        object.key("total", into: &out)
        JSONBytes.integer(Int64(progress.total), into: &out)
        object.close(&out)
    }

    private static func person(_ login: Login, names: [String: String]?, into out: inout [UInt8]) {
        var object = JSONBytes.Object(&out)
        object.key("login", into: &out)
        JSONBytes.string(login.value, into: &out)
        if let names {
            object.key("name", into: &out)
            JSONBytes.string(names[login.value] ?? "", into: &out)
        }
        object.close(&out)
    }

    private static func comment(_ comment: Comment, names: [String: String]?, into out: inout [UInt8]) {
        var object = JSONBytes.Object(&out)
        object.key("author", into: &out)
        person(comment.author, names: names, into: &out)
        object.key("body", into: &out)
        JSONBytes.string(comment.body, into: &out)
        object.key("createdAt", into: &out)
        JSONBytes.string(comment.createdAt.iso8601, into: &out)
        object.key("id", into: &out)
        JSONBytes.integer(comment.id.value, into: &out)
        object.key("updatedAt", into: &out)
        JSONBytes.string(comment.updatedAt.iso8601, into: &out)
        object.close(&out)
    }

    private static func label(_ label: Label, into out: inout [UInt8]) {
        var object = JSONBytes.Object(&out)
        object.key("color", into: &out)
        JSONBytes.string(label.color.hex, into: &out)
        object.key("description", into: &out)
        JSONBytes.string(label.description, into: &out)
        object.key("name", into: &out)
        JSONBytes.string(label.name.value, into: &out)
        object.close(&out)
    }

    private static func milestone(_ milestone: IssueMilestone, into out: inout [UInt8]) {
        var object = JSONBytes.Object(&out)
        object.key("description", into: &out)
        JSONBytes.string(milestone.description, into: &out)
        object.key("dueOn", into: &out)
        JSONBytes.optionalString(milestone.dueOn?.iso8601, into: &out)
        object.key("number", into: &out)
        JSONBytes.integer(milestone.number.value, into: &out)
        object.key("state", into: &out)
        JSONBytes.string(milestone.state.rawValue.uppercased(), into: &out)
        object.key("title", into: &out)
        JSONBytes.string(milestone.title.value, into: &out)
        object.close(&out)
    }
}
