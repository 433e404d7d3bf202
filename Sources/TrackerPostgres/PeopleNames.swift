import Postgres
import TrackerCore

/// The display names a read with `IssueFilter.includesNames` gives each issue: those of its
/// author, assignees and (when its comments are read) its comments' authors, from one
/// `IssueRowDecoding.peopleNames` result read ahead of the issues.
struct PeopleNames {
    private let names: [String: String]

    init(_ result: QueryResult) throws {
        var names: [String: String] = [:]
        for row in result.rows { names[try row.decode(0, as: String.self)] = try row.decode(1, as: String.self) }
        self.names = names
    }

    func named(_ issue: Issue) -> Issue {
        var issue = issue
        let people = [issue.author] + issue.assignees + (issue.comments ?? []).map(\.author)
        var found: [String: String] = [:]
        for login in people { if let name = names[login.value] { found[login.value] = name } }
        issue.names = found
        return issue
    }
}
