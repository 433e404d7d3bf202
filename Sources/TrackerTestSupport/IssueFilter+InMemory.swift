import TrackerCore

/// The list rules of `PostgresIssueRepository`, for `InMemoryIssueRepository`. Search follows
/// `SearchText`: the same syntax, scripts and folding, but no English stemming.
extension IssueFilter {
    func matches(_ issue: Issue, mentioning mentioned: Set<Login>, comments: [Comment]) -> Bool {
        switch state {
        case .open where issue.state != .open, .closed where issue.state != .closed: return false
        default: break
        }
        switch assignee {
        case .user(let login) where !issue.assignees.contains(login): return false
        case .nobody where !issue.assignees.isEmpty: return false
        default: break
        }
        if let author, issue.author != author { return false }
        let carried = issue.labels.map(\.name)
        if !labels.allSatisfy(carried.contains) { return false }
        if excludedLabels.contains(where: carried.contains) || (unlabeled && !carried.isEmpty) { return false }
        if !created.contains(issue.createdAt) || !updated.contains(issue.updatedAt) { return false }
        switch milestone {
        case .titled(let title) where issue.milestone?.title != title: return false
        case .noMilestone where issue.milestone != nil: return false
        default: break
        }
        if let mention, !mentioned.contains(mention) { return false }
        if let priority, issue.priority != priority { return false }
        if unprioritized, issue.priority != nil { return false }
        if let parent, issue.parent != parent { return false }
        switch blocked {
        case .blocked where issue.state != .open || issue.openBlockers == 0: return false
        case .ready where issue.state != .open || issue.openBlockers > 0: return false
        default: break
        }
        if let overdueOn, issue.state != .open || !(issue.dueOn.map { $0 < overdueOn } ?? false) { return false }
        if let after, sort == .created, ascending ? issue.number <= after : issue.number >= after { return false }
        if let search {
            return SearchQuery(parsing: search).matches([issue.title + " " + issue.body] + comments.map(\.body))
        }
        return true
    }

    /// Orders issues as the list shows them.
    func areInOrder(_ lhs: Issue, _ rhs: Issue) -> Bool {
        // Most urgent first, those without last, then newest first (PostgreSQL's NULLS LAST).
        let urgency: ((Issue) -> Int64?)? =
            switch sort {
            case .priority: { $0.priority.map { Int64($0.rawValue) } }
            case .due: { $0.dueOn?.microseconds }
            case .created, .updated: nil
            }
        if let urgency {
            let (left, right) = (urgency(lhs) ?? Int64.max, urgency(rhs) ?? Int64.max)
            return left != right ? left < right : lhs.number > rhs.number
        }
        let key: (Issue) -> (Int64, Int64) = { issue in
            switch sort {
            case .created: (0, issue.number.value)
            case .updated: (issue.updatedAt.microseconds, issue.number.value)
            case .priority, .due: (0, issue.number.value)
            }
        }
        return ascending ? key(lhs) < key(rhs) : key(lhs) > key(rhs)
    }
}
