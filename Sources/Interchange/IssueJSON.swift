import Foundation
import TrackerCore

/// Issues as JSON objects: state `OPEN`/`CLOSED`, people as `{"login": …}`, times ISO-8601 UTC.
public enum IssueJSON {
    /// `comments`: the issue's comments when they were read (`show`), else `issue.comments`.
    public static func object(
        _ issue: Issue, fields: [IssueField], events: [IssueEvent] = [], comments: [Comment]? = nil
    ) -> [String: Any] {
        var object: [String: Any] = [:]
        for field in fields {
            object[field.rawValue] =
                switch field {
                case .number: issue.number.value
                case .title: issue.title
                case .body: issue.body
                case .state: issue.state.rawValue.uppercased()
                case .stateReason: issue.stateReason.map { $0.rawValue.uppercased() as Any } ?? NSNull()
                case .author: person(issue.author)
                case .assignees: issue.assignees.map(person)
                case .comments: (comments ?? issue.comments ?? []).map(comment)
                case .labels: issue.labels.map(label)
                case .milestone: issue.milestone.map { milestone($0) as Any } ?? NSNull()
                case .createdAt: issue.createdAt.iso8601
                case .updatedAt: issue.updatedAt.iso8601
                case .closedAt: issue.closedAt.map { $0.iso8601 as Any } ?? NSNull()
                case .events: events.map(event)
                }
        }
        return object
    }

    private static func person(_ login: Login) -> [String: Any] { ["login": login.value] }

    /// gh's comment shape, with our numeric id.
    public static func comment(_ comment: Comment) -> [String: Any] {
        [
            "id": comment.id.value, "author": person(comment.author), "body": comment.body,
            "createdAt": comment.createdAt.iso8601, "updatedAt": comment.updatedAt.iso8601,
        ]
    }

    /// gh's label shape, without its string id.
    public static func label(_ label: Label) -> [String: Any] {
        ["name": label.name.value, "color": label.color.hex, "description": label.description]
    }

    /// gh's milestone shape (`number`, `title`, `description`, `dueOn`), with its state as gh's
    /// GraphQL spells it.
    public static func milestone(_ milestone: IssueMilestone) -> [String: Any] {
        [
            "number": milestone.number.value, "title": milestone.title.value, "description": milestone.description,
            "dueOn": milestone.dueOn.map { $0.iso8601 as Any } ?? NSNull(),
            "state": milestone.state.rawValue.uppercased(),
        ]
    }

    /// A milestone as `milestone list --json` prints it: gh's fields with its description and counts.
    public static func milestoneListing(_ milestone: Milestone) -> [String: Any] {
        self.milestone(milestone.summary).merging([
            "description": milestone.description, "openIssues": milestone.openIssues,
            "closedIssues": milestone.closedIssues, "percentDone": milestone.percentDone,
        ]) { $1 }
    }

    private static func event(_ event: IssueEvent) -> [String: Any] {
        var object: [String: Any] = [
            "actor": person(event.actor), "createdAt": event.createdAt.iso8601,
        ]
        switch event.kind {
        case .created: object["kind"] = "created"
        case .assigned(let subject): object.merge(["kind": "assigned", "subject": person(subject)]) { $1 }
        case .unassigned(let subject): object.merge(["kind": "unassigned", "subject": person(subject)]) { $1 }
        case .closed(let reason): object.merge(["kind": "closed", "stateReason": reason.rawValue.uppercased()]) { $1 }
        case .reopened: object["kind"] = "reopened"
        case .renamed(let from, let to):
            object.merge(["kind": "renamed", "previousTitle": from, "currentTitle": to]) { $1 }
        case .edited: object["kind"] = "edited"
        case .commented(let id): object.merge(["kind": "commented", "commentId": id.value]) { $1 }
        case .commentEdited(let id): object.merge(["kind": "comment_edited", "commentId": id.value]) { $1 }
        case .commentDeleted(let id): object.merge(["kind": "comment_deleted", "commentId": id.value]) { $1 }
        case .labeled(let name): object.merge(["kind": "labeled", "label": name.value]) { $1 }
        case .unlabeled(let name): object.merge(["kind": "unlabeled", "label": name.value]) { $1 }
        case .milestoned(let title): object.merge(["kind": "milestoned", "milestone": title.value]) { $1 }
        case .demilestoned(let title): object.merge(["kind": "demilestoned", "milestone": title.value]) { $1 }
        }
        return object
    }

    /// One change as `tracker watch --json` prints it: the event's fields (kind, actor, createdAt
    /// and what changed) with its id, the issue's number and its title when read.
    public static func change(_ change: IssueChange) -> [String: Any] {
        event(change.event).merging(["id": change.id, "issue": change.issue.value, "title": change.title]) { $1 }
    }

    /// On one line with sorted keys, ending in a line break (JSON Lines).
    public static func encodeLine(_ value: Any) -> String {
        serialized(value, options: [.sortedKeys, .withoutEscapingSlashes])
    }

    /// Pretty-printed with sorted keys, ending in a line break.
    public static func encode(_ value: Any) -> String {
        serialized(value, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    }

    private static func serialized(_ value: Any, options: JSONSerialization.WritingOptions) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: value, options: options)) ?? Data("null".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
