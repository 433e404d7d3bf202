import Postgres
import TrackerCore

/// Builds the list SELECT for a filter. Only fixed SQL fragments are chosen here; every value the
/// person typed travels as a parameter.
struct IssueListQuery {
    let sql: String
    let parameters: [any PostgresEncodable]

    init(_ filter: IssueFilter) {
        // An issue in the trash is left out of every list, search and count.
        var conditions = ["i.deleted_at IS NULL"]
        var parameters: [any PostgresEncodable] = []
        func parameter(_ value: any PostgresEncodable) -> String {
            parameters.append(value)
            return "$\(parameters.count)"
        }
        switch filter.state {
        case .all: break
        case .open: conditions.append("i.state = \(parameter("open"))")
        case .closed: conditions.append("i.state = \(parameter("closed"))")
        }
        switch filter.assignee {
        case nil: break
        case .nobody: conditions.append("i.assignee_count = 0")
        case .user(let login):
            // The person's id as a single value lets the plan walk their assignments newest first
            // (issue_assignees_user) and stop when the page is full, instead of reading them all.
            conditions.append(
                """
                i.number IN (SELECT ia.issue_number FROM issue_assignees ia
                              WHERE ia.user_id = (SELECT au.id FROM users au WHERE lower(au.login) = lower(\(parameter(login.value)))))
                """)
        }
        if let author = filter.author {
            conditions.append("lower(author.login) = lower(\(parameter(author.value)))")
        }
        if let mention = filter.mention {
            conditions.append(
                """
                i.number IN (SELECT m.issue_number FROM issue_mentions m JOIN users mu ON mu.id = m.user_id
                              WHERE lower(mu.login) = lower(\(parameter(mention.value)))
                                AND \(IssueRowDecoding.mentionIsLive))
                """)
        }
        for label in filter.labels {
            // One semi-join per label through issue_labels' primary key (label, issue).
            conditions.append(
                """
                i.number IN (SELECT il.issue_number FROM issue_labels il
                              WHERE il.label_id = (SELECT l.id FROM labels l WHERE lower(l.name) = lower(\(parameter(label.value)))))
                """)
        }
        for label in filter.excludedLabels {
            conditions.append(
                """
                i.number NOT IN (SELECT il.issue_number FROM issue_labels il
                                  WHERE il.label_id IN (SELECT l.id FROM labels l WHERE lower(l.name) = lower(\(parameter(label.value)))))
                """)
        }
        if filter.unlabeled {
            conditions.append("NOT EXISTS (SELECT 1 FROM issue_labels il WHERE il.issue_number = i.number)")
        }
        for (column, range) in [("i.created_at", filter.created), ("i.updated_at", filter.updated)] {
            if let from = range.from { conditions.append("\(column) >= \(parameter(from.postgresText))::timestamptz") }
            if let before = range.before {
                conditions.append("\(column) < \(parameter(before.postgresText))::timestamptz")
            }
        }
        switch filter.milestone {
        case nil: break
        case .noMilestone: conditions.append("i.milestone_number IS NULL")
        case .titled(let title):
            conditions.append(
                "i.milestone_number = (SELECT m.number FROM milestones m WHERE lower(m.title) = lower(\(parameter(title.value))))"
            )
        }
        if let priority = filter.priority {
            conditions.append("i.priority = \(parameter(Int64(priority.rawValue)))::smallint")
        }
        if filter.unprioritized { conditions.append("i.priority IS NULL") }
        if let parent = filter.parent {
            conditions.append("i.parent_number = \(parameter(parent.value))")
        }
        switch filter.blocked {
        case nil: break
        // A range of migration 0019's partial index issues_blocked; ready issues filter the state index.
        case .blocked: conditions.append("i.state = 'open' AND i.open_blockers > 0")
        case .ready: conditions.append("i.state = 'open' AND i.open_blockers = 0")
        }
        if let today = filter.overdueOn {
            // Open and due before today: a range of issues_state_due.
            conditions.append("i.state = 'open' AND i.due_on < \(parameter(DueDate.text(today)))::date")
        }
        if let search = filter.search {
            conditions += SearchConditions.conditions(for: SearchQuery(parsing: search)) { parameter($0) }
        }
        if let after = filter.after, filter.sort == .created {
            conditions.append("i.number \(filter.ascending ? ">" : "<") \(parameter(after.value))")
        }
        let direction = filter.ascending ? "ASC" : "DESC"
        let order =
            switch filter.sort {
            case .created: "i.number \(direction)"
            case .updated: "i.updated_at \(direction), i.number \(direction)"
            // Most urgent first, those without last, whatever the direction: the order of
            // migration 0018's (state, priority|due_on, number DESC) indexes.
            case .priority: "i.priority ASC NULLS LAST, i.number DESC"
            case .due: "i.due_on ASC NULLS LAST, i.number DESC"
            }
        var sql = filter.includesComments ? IssueRowDecoding.selectIssuesWithComments : IssueRowDecoding.selectIssues
        if filter.includesURL { sql = "SELECT \(IssueRowDecoding.urlColumn)," + sql.dropFirst("SELECT".count) }
        if filter.includesBlockers {
            sql = "SELECT \(IssueRowDecoding.blockersColumn)," + sql.dropFirst("SELECT".count)
        }
        sql += "\n WHERE " + conditions.joined(separator: "\n   AND ")
        sql += "\n ORDER BY \(order)"
        if let limit = filter.limit { sql += "\n LIMIT \(parameter(limit))" }
        self.sql = sql
        self.parameters = parameters
    }

    /// A filter naming a person, label or milestone that does not exist is refused rather than
    /// answered with an empty list: the checks are queued, so they travel with the list itself.
    static func requireKnownNames(in filter: IssueFilter, on connection: Connection) {
        if !filter.people.isEmpty {
            connection.send(
                "SELECT tracker_user_id(login) FROM unnest($1::text[]) AS login",
                [PostgresTextArray(filter.people.map(\.value))])
        }
        if !filter.labels.isEmpty {
            connection.send(
                "SELECT tracker_label_id(name) FROM unnest($1::text[]) AS name",
                [PostgresTextArray(filter.labels.map(\.value))])
        }
        if case .titled(let title) = filter.milestone {
            connection.send("SELECT tracker_milestone_number($1)", [title.value])
        }
    }
}
