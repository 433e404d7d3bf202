import Postgres
import TrackerCore

public struct PostgresIssueRepository: IssueRepository {
    let database: Database

    public init(database: Database) {
        self.database = database
    }

    /// One flight: the issue made by `tracker_create_issue`, then read back.
    public func create(_ draft: IssueDraft, author: Login) async throws -> Issue {
        let created: PendingResult
        do {
            created = try await database.transaction { connection in
                connection.send(IssueChanges.create(draft, author: author))
                if let parent = draft.parent {
                    connection.send(IssueStructureQueries.setParent(nil, to: parent, actor: author))
                }
                let plan = IssueChanges.plan(
                    nil, priority: draft.priority.map(PlanChange.set), due: draft.dueOn.map(PlanChange.set),
                    actor: author)
                if let plan { connection.send(plan) }
                return connection.send(IssueChanges.created)
            }
        } catch let error as PostgresError {
            throw try await VanishedNames.refusal(error, labels: draft.labels, milestone: draft.milestone, on: database)
                ?? error.trackerError
        }
        return try decoded {
            guard let row = try created.result().first else {
                throw TrackerError.storageFailure("the new issue was not read back")
            }
            var issue = try IssueRowDecoding.issue(from: row)
            issue.project = try (row.decode("project_key") as String?).map { try ProjectKey($0) }
            return issue
        }
    }

    public func list(_ filter: IssueFilter) async throws -> [Issue] {
        if filter.allProjects { return try await listAcrossProjects(filter) }
        let query = IssueListQuery(filter)
        return try await database.tracked { connection in
            IssueListQuery.requireKnownNames(in: filter, on: connection)
            let names = filter.includesNames ? connection.send(IssueRowDecoding.peopleNames) : nil
            let issues = try connection.query(query.sql, query.parameters).rows.map(IssueRowDecoding.issue)
            guard let names else { return issues }
            let people = try PeopleNames(try names.result())
            return issues.map(people.named)
        }
    }

    public func ignoredSearchWords(in search: String) async throws -> [String] {
        let query = SearchQuery(parsing: search)
        guard !query.terms.isEmpty else { return query.ignoredOperators }
        let unusable = try await database.tracked { connection in
            try connection.query(SearchConditions.unusableTerms, [PostgresTextArray(query.terms)]).rows
                .map { try $0.decode(0, as: String.self) }
        }
        var seen = Set<String>()
        return (query.ignoredOperators + unusable.map(SearchQuery.shown)).filter { seen.insert($0).inserted }
    }

    /// One flight: the issue, its timeline and its comments.
    public func details(of number: IssueNumber) async throws -> IssueDetails {
        let (issue, events, comments, structure) = try await database.tracked { connection in
            let timeline = IssueEvents.timelineStatement(of: number.value)
            let pending = (
                connection.send(IssueRowDecoding.selectIssues + " WHERE i.number = $1", [number.value]),
                connection.send(timeline.sql, timeline.parameters),
                connection.send(
                    CommentRows.select + " WHERE c.issue_number = $1 AND c.deleted_at IS NULL ORDER BY c.id",
                    [number.value]),
                connection.send(IssueStructureQueries.structure(of: number.value))
            )
            try connection.flush()
            return pending
        }
        guard try issue.result().first != nil else { throw try await movedOrMissing(number) }
        return try decoded {
            IssueDetails(
                issue: try IssueRowDecoding.existingIssue(number, in: try issue.result()),
                events: try IssueEvents.timeline(in: try events.result(), of: number.value),
                comments: try comments.result().rows.map(CommentRows.comment),
                structure: try IssueStructureQueries.structure(in: try structure.result()))
        }
    }
}

extension PostgresIssueRepository {
    /// An issue not in this project: where it was moved (migration 0022's pointer), else missing.
    func movedOrMissing(_ number: IssueNumber) async throws -> TrackerError {
        let moved: String? = try await database.tracked { connection in
            try connection.query("SELECT tracker_moved_to($1)", [number.value]).rows[0].decode(0)
        }
        guard let moved else { return .notFound("issue #\(number.value) does not exist") }
        return .moved(number, to: moved)
    }
}

enum IssueRepositoryQueries {
    static func issue(_ number: Int64, on connection: Connection) throws -> Issue {
        let found = try connection.query(IssueRowDecoding.selectIssues + " WHERE i.number = $1", [number])
        guard let row = found.first else { throw TrackerError.notFound("issue #\(number) does not exist") }
        return try IssueRowDecoding.issue(from: row)
    }
}
