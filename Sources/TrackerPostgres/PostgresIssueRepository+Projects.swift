import Postgres
import TrackerCore

extension PostgresIssueRepository {
    /// `list --all-projects`: the list's own statement in every project the session may read
    /// (`ProjectStatements`), the pages merged in the sort's order by the issues' times.
    func listAcrossProjects(_ filter: IssueFilter) async throws -> [Issue] {
        let query = IssueListQuery(filter)
        let pages: [(ProjectKey, [Issue])] = try await database.trackedTransaction { connection in
            IssueListQuery.requireKnownNames(in: filter, on: connection)
            return try ProjectStatements.runInEveryReadable(Statement(query.sql, query.parameters), on: connection)
                .map { key, page in (key, try page.rows.map(IssueRowDecoding.issue)) }
        }
        let merged = pages.flatMap { key, issues in
            issues.map { issue in
                var issue = issue
                issue.project = key
                return issue
            }
        }.sorted { Self.before($0, $1, in: filter) }
        return filter.limit.map { Array(merged.prefix($0)) } ?? merged
    }

    /// Whether `a` comes first: by update or creation time as the sort asks (created for the
    /// orders a time cannot merge), then by project and number, newest first unless ascending.
    static func before(_ a: Issue, _ b: Issue, in filter: IssueFilter) -> Bool {
        let (first, second) =
            filter.sort == .updated ? (a.updatedAt, b.updatedAt) : (a.createdAt, b.createdAt)
        if first != second { return filter.ascending ? first < second : first > second }
        let (x, y) = ((a.project?.value ?? "", a.number.value), (b.project?.value ?? "", b.number.value))
        return filter.ascending ? x < y : x > y
    }
}
