import Foundation
import TrackerCore

/// The documented JSON shape of an issue, matching `gh issue list --json` field names:
/// number, title, body, state (OPEN/CLOSED), stateReason, author {login}, assignees [{login}],
/// createdAt, updatedAt, closedAt (ISO-8601, UTC).
struct IssueJSON: Encodable {
    struct Person: Encodable { let login: String }

    let number: Int64
    let title: String
    let body: String
    let state: String
    let stateReason: String?
    let author: Person
    let assignees: [Person]
    let createdAt: String
    let updatedAt: String
    let closedAt: String?

    init(_ issue: Issue) {
        number = issue.number.value
        title = issue.title
        body = issue.body
        state = issue.state.rawValue.uppercased()
        stateReason = issue.stateReason.map { $0.rawValue.uppercased() }
        author = Person(login: issue.author.value)
        assignees = issue.assignees.map { Person(login: $0.value) }
        createdAt = ISOTime.format(issue.createdAt)
        updatedAt = ISOTime.format(issue.updatedAt)
        closedAt = issue.closedAt.map(ISOTime.format)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(number, forKey: .number)
        try container.encode(title, forKey: .title)
        try container.encode(body, forKey: .body)
        try container.encode(state, forKey: .state)
        try container.encode(stateReason, forKey: .stateReason)
        try container.encode(author, forKey: .author)
        try container.encode(assignees, forKey: .assignees)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(updatedAt, forKey: .updatedAt)
        try container.encode(closedAt, forKey: .closedAt)
    }

    private enum CodingKeys: String, CodingKey {
        case number, title, body, state, stateReason, author, assignees, createdAt, updatedAt, closedAt
    }

    static func encode<T: Encodable>(_ value: T) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(value)) ?? Data("null".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}

/// ISO-8601 in UTC, with microseconds (PostgreSQL's precision) only when there are any.
enum ISOTime {
    static func format(_ date: Date) -> String {
        let whole = date.timeIntervalSince1970.rounded(.down)
        let micros = min(999_999, Int(((date.timeIntervalSince1970 - whole) * 1_000_000).rounded()))
        let base = Date(timeIntervalSince1970: whole).formatted(.iso8601)
        return micros == 0 ? base : String(base.dropLast()) + String(format: ".%06dZ", micros)
    }
}
