import Foundation
import TrackerCore

/// The documented JSON fields of an issue, named as `gh issue list --json` names them.
public enum IssueField: String, CaseIterable, Sendable {
    case number, title, body, state, stateReason, author, assignees, createdAt, updatedAt, closedAt, events

    /// The fields of a list (events only with `show`).
    public static let listFields: [IssueField] = allCases.filter { $0 != .events }

    /// Parses `number,title,assignees`; an unknown name is refused with the known ones.
    public static func parse(_ text: String, allowed: [IssueField] = listFields) throws(TrackerError) -> [IssueField] {
        var fields: [IssueField] = []
        for name in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
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

/// Issues as JSON objects: state `OPEN`/`CLOSED`, people as `{"login": …}`, times ISO-8601 UTC.
enum IssueJSON {
    static func object(_ issue: Issue, fields: [IssueField], events: [IssueEvent] = []) -> [String: Any] {
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
                case .createdAt: issue.createdAt.iso8601
                case .updatedAt: issue.updatedAt.iso8601
                case .closedAt: issue.closedAt.map { $0.iso8601 as Any } ?? NSNull()
                case .events: events.map(event)
                }
        }
        return object
    }

    private static func person(_ login: Login) -> [String: Any] { ["login": login.value] }

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
        }
        return object
    }

    static func encode(_ value: Any) -> String {
        let options: JSONSerialization.WritingOptions = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? JSONSerialization.data(withJSONObject: value, options: options)) ?? Data("null".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
