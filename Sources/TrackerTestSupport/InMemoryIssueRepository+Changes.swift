import TrackerCore

/// Assignments, all or nothing, as `PostgresIssueRepository+Changes` makes them.
extension InMemoryIssueRepository {
    public func assign(_ logins: [Login], to numbers: [IssueNumber], actor: Login) async throws -> [Issue] {
        try takeFailure()
        let actor = try await registered(actor)
        let logins = try await registeredAll(logins)
        var changes: [Change] = []
        for var issue in try existing(numbers) {
            let kinds = try issue.changeAssignees(adding: logins, removing: [])
            changes.append(change(issue, kinds, actor: actor))
        }
        return commit(changes)
    }

    public func unassign(_ logins: [Login]?, from numbers: [IssueNumber], actor: Login) async throws -> [Issue] {
        try takeFailure()
        let actor = try await registered(actor)
        if let logins { _ = try await registeredAll(logins) }
        var changes: [Change] = []
        for var issue in try existing(numbers) {
            let kinds = try issue.changeAssignees(adding: [], removing: logins ?? issue.assignees)
            changes.append(change(issue, kinds, actor: actor))
        }
        return commit(changes)
    }

    public func changeAssignees(
        of number: IssueNumber, adding: [Login], removing: [Login], actor: Login
    )
        async throws -> Issue
    {
        try takeFailure()
        let actor = try await registered(actor)
        let adding = try await registeredAll(adding)
        _ = try await registeredAll(removing)
        var issue = try existing(number)
        let kinds = try issue.changeAssignees(adding: adding, removing: removing)
        return commit([change(issue, kinds, actor: actor)])[0]
    }
}

extension Issue {
    /// Removes `removing`, then adds `adding` (already assigned is fine), as PostgreSQL's
    /// `IssueAssignees.change` does: the limit of 10 is checked on the result. The events, in order.
    mutating func changeAssignees(adding: [Login], removing: [Login]) throws -> [IssueEvent.Kind] {
        let removed = assignees.filter { removing.contains($0) }
        assignees.removeAll { removed.contains($0) }
        let added = adding.filter { !assignees.contains($0) }
        guard assignees.count + added.count <= IssueDraft.maximumAssignees else {
            throw TrackerError.tooManyAssignees(issue: number, count: assignees.count + added.count)
        }
        assignees += added
        return removed.map { .unassigned($0) } + added.map { .assigned($0) }
    }
}
