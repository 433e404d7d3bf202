import TrackerCore

/// Issues as JSON objects: state `OPEN`/`CLOSED`, people as `{"login": …}` (with gh's `name`
/// when the issue was read with its people's names, as `export` reads it), times ISO-8601 UTC.
public enum IssueJSON {
    /// `comments`: the issue's comments when they were read (`show`), else `issue.comments`.
    public static func object(
        _ issue: Issue, fields: [IssueField], events: [IssueEvent] = [], comments: [Comment]? = nil,
        structure: IssueStructure? = nil
    ) -> JSONValue {
        var object: [String: JSONValue] = [:]
        for field in fields {
            object[field.rawValue] =
                switch field {
                case .number: .integer(issue.number.value)
                case .title: .string(issue.title)
                case .body: .string(issue.body)
                case .state: .string(issue.state.rawValue.uppercased())
                case .stateReason: JSONValue(issue.stateReason?.rawValue.uppercased())
                case .author: person(issue.author, names: issue.names)
                case .assignees: .array(issue.assignees.map { person($0, names: issue.names) })
                case .comments: .array((comments ?? issue.comments ?? []).map { comment($0, names: issue.names) })
                case .labels: .array(issue.labels.map(label))
                case .milestone: issue.milestone.map(milestone) ?? .null
                case .createdAt: .string(issue.createdAt.iso8601)
                case .updatedAt: .string(issue.updatedAt.iso8601)
                case .closedAt: JSONValue(issue.closedAt?.iso8601)
                case .url: JSONValue(issue.url)
                case .events: .array(events.map { .object(event($0)) })
                case .priority: JSONValue(issue.priority?.name)
                case .dueOn: JSONValue(issue.dueOn.map(DueDate.text))
                case .parent: JSONValue(issue.parent.map(numbered))
                case .duplicateOf: JSONValue(issue.duplicateOf.map(numbered))
                case .subIssuesSummary: subIssuesSummary(issue.subIssues)
                case .blockedBy: .array((structure?.blockedBy.map(\.number) ?? issue.blockedBy ?? []).map(numbered))
                case .subIssues: .array((structure?.children ?? []).map(linked))
                case .blocking: .array((structure?.blocking ?? []).map(linked))
                case .references: .array((structure?.references ?? []).map(linked))
                case .referencedBy: .array((structure?.referencedBy ?? []).map(linked))
                }
        }
        if let project = issue.project { object["project"] = .string(project.value) }
        return .object(object)
    }

    static func person(_ login: Login) -> JSONValue { ["login": .string(login.value)] }

    static func numbered(_ number: IssueNumber) -> JSONValue { ["number": .integer(number.value)] }

    static func linked(_ issue: LinkedIssue) -> JSONValue {
        var object: [String: JSONValue] = [
            "number": .integer(issue.number.value), "title": .string(issue.title),
            "state": .string(issue.state.rawValue.uppercased()),
        ]
        if let project = issue.project { object["project"] = .string(project.value) }
        return .object(object)
    }

    /// GitHub's `subIssuesSummary`.
    static func subIssuesSummary(_ progress: SubIssueProgress) -> JSONValue {
        [
            "total": .integer(Int64(progress.total)), "completed": .integer(Int64(progress.done)),
            "percentCompleted": .integer(Int64(progress.percentDone)),
        ]
    }

    /// gh's person: with `name` ("" when they have none) when the names were read.
    static func person(_ login: Login, names: [String: String]?) -> JSONValue {
        guard let names else { return person(login) }
        return ["login": .string(login.value), "name": .string(names[login.value] ?? "")]
    }

    /// gh's comment shape, with our numeric id.
    public static func comment(_ comment: Comment) -> JSONValue { self.comment(comment, names: nil) }

    static func comment(_ comment: Comment, names: [String: String]?) -> JSONValue {
        [
            "id": .integer(comment.id.value), "author": person(comment.author, names: names),
            "body": .string(comment.body),
            "createdAt": .string(comment.createdAt.iso8601), "updatedAt": .string(comment.updatedAt.iso8601),
        ]
    }

    /// gh's label shape, without its string id.
    public static func label(_ label: Label) -> JSONValue {
        [
            "name": .string(label.name.value), "color": .string(label.color.hex),
            "description": .string(label.description),
        ]
    }

    /// A label no exported issue carries, as `export` writes it after the issues: the issue's
    /// label shape with `"kind": "label"` (import reads it back; gh's issues have no `kind`).
    public static func standalone(_ label: Label) -> JSONValue {
        [
            "kind": "label", "name": .string(label.name.value), "color": .string(label.color.hex),
            "description": .string(label.description),
        ]
    }

    /// A milestone no exported issue carries: the issue's milestone shape with `"kind": "milestone"`.
    public static func standalone(_ milestone: IssueMilestone) -> JSONValue {
        .object(milestoneMembers(milestone).merging(["kind": "milestone"]) { _, kind in kind })
    }

    /// gh's milestone shape (`number`, `title`, `description`, `dueOn`), with its state as gh's
    /// GraphQL spells it.
    public static func milestone(_ milestone: IssueMilestone) -> JSONValue {
        .object(milestoneMembers(milestone))
    }

    private static func milestoneMembers(_ milestone: IssueMilestone) -> [String: JSONValue] {
        [
            "number": .integer(milestone.number.value), "title": .string(milestone.title.value),
            "description": .string(milestone.description), "dueOn": JSONValue(milestone.dueOn?.iso8601),
            "state": .string(milestone.state.rawValue.uppercased()),
        ]
    }

    /// A milestone as `milestone list --json` prints it: gh's fields with its description and counts.
    public static func milestoneListing(_ milestone: Milestone) -> JSONValue {
        .object(
            milestoneMembers(milestone.summary).merging([
                "description": .string(milestone.description), "openIssues": .integer(milestone.openIssues),
                "closedIssues": .integer(milestone.closedIssues), "percentDone": .integer(Int64(milestone.percentDone)),
            ]) { $1 })
    }

    static func event(_ event: IssueEvent) -> [String: JSONValue] {
        var common: [String: JSONValue] = ["actor": person(event.actor), "createdAt": .string(event.createdAt.iso8601)]
        if let acting = event.actingUser { common["actingUser"] = person(acting) }
        if let importer = event.importedBy { common["importedBy"] = person(importer) }
        if event.isUndo { common["undo"] = .bool(true) }
        let particular: [String: JSONValue] =
            switch event.kind {
            case .created: ["kind": "created"]
            case .assigned(let subject): ["kind": "assigned", "subject": person(subject)]
            case .unassigned(let subject): ["kind": "unassigned", "subject": person(subject)]
            case .closed(let reason): ["kind": "closed", "stateReason": .string(reason.rawValue.uppercased())]
            case .closedAsDuplicate(let original):
                ["kind": "closed", "stateReason": "DUPLICATE", "duplicateOf": .integer(original.value)]
            case .duplicateClosed(let duplicate): ["kind": "duplicate_closed", "duplicate": .integer(duplicate.value)]
            case .reopened: ["kind": "reopened"]
            case .renamed(let from, let to):
                ["kind": "renamed", "previousTitle": .string(from), "currentTitle": .string(to)]
            case .edited: ["kind": "edited"]
            case .commented(let id): ["kind": "commented", "commentId": .integer(id.value)]
            case .commentEdited(let id): ["kind": "comment_edited", "commentId": .integer(id.value)]
            case .commentDeleted(let id): ["kind": "comment_deleted", "commentId": .integer(id.value)]
            case .commentRestored(let id): ["kind": "comment_restored", "commentId": .integer(id.value)]
            case .labeled(let name): ["kind": "labeled", "label": .string(name.value)]
            case .unlabeled(let name): ["kind": "unlabeled", "label": .string(name.value)]
            case .milestoned(let title): ["kind": "milestoned", "milestone": .string(title.value)]
            case .demilestoned(let title): ["kind": "demilestoned", "milestone": .string(title.value)]
            case .prioritized(let from, let to):
                ["kind": "prioritized", "previousPriority": JSONValue(from?.name), "priority": JSONValue(to?.name)]
            case .dueChanged(let from, let to):
                [
                    "kind": "due_changed", "previousDueOn": JSONValue(from.map(DueDate.text)),
                    "dueOn": JSONValue(to.map(DueDate.text)),
                ]
            case .parentChanged(let from, let to):
                [
                    "kind": "parent_changed", "previousParent": JSONValue(from.map { .integer($0.value) }),
                    "parent": JSONValue(to.map { .integer($0.value) }),
                ]
            case .blockerAdded(let blocker): ["kind": "blocker_added", "blockedBy": .integer(blocker.value)]
            case .blockerRemoved(let blocker): ["kind": "blocker_removed", "blockedBy": .integer(blocker.value)]
            case .deleted: ["kind": "deleted"]
            case .restored: ["kind": "restored"]
            }
        return common.merging(particular) { $1 }
    }

    /// One change as `tracker watch --json` prints it: the event's fields (kind, actor, createdAt
    /// and what changed) with its id, the issue's number and its title when read.
    public static func change(_ change: IssueChange) -> JSONValue {
        var object = event(change.event).merging([
            "id": .integer(change.id), "issue": .integer(change.issue.value), "title": .string(change.title),
        ]) { $1 }
        if let project = change.project { object["project"] = .string(project.value) }
        return .object(object)
    }

    /// On one line with sorted keys, ending in a line break (JSON Lines).
    public static func encodeLine(_ value: JSONValue) -> String { value.line }

    /// Pretty-printed with sorted keys, ending in a line break.
    public static func encode(_ value: JSONValue) -> String { value.pretty }
}

extension JSONValue {
    /// A string, or `null` when there is none.
    public init(_ text: String?) { self = text.map(JSONValue.string) ?? .null }
    /// A value, or `null` when there is none.
    public init(_ value: JSONValue?) { self = value ?? .null }
}

extension IssueJSON {
    /// One version of a text as `show --history --json` prints it (`title` only for an issue's).
    public static func version(_ version: TextVersion) -> JSONValue {
        var members: [String: JSONValue] = [
            "version": .integer(version.version), "body": .string(version.body), "author": person(version.author),
            "createdAt": .string(version.writtenAt.iso8601),
        ]
        if let title = version.title { members["title"] = .string(title) }
        return .object(members)
    }
}
