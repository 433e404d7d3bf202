import TrackerCore

/// Closing and reopening, all or nothing, as `PostgresIssueRepository+States` does.
extension InMemoryIssueRepository {
    public func close(_ numbers: [IssueNumber], reason: StateReason, actor: Login) async throws -> [StateChange] {
        try takeFailure()
        let actor = try await registered(actor)
        return try changeStates(numbers) { issue in
            guard issue.state == .open else { return nil }
            issue.state = .closed
            issue.stateReason = reason
            issue.closedAt = nextMoment()
            return change(issue, [.closed(reason)], actor: actor)
        }
    }

    public func reopen(_ numbers: [IssueNumber], actor: Login) async throws -> [StateChange] {
        try takeFailure()
        let actor = try await registered(actor)
        return try changeStates(numbers) { issue in
            guard issue.state == .closed else { return nil }
            issue.state = .open
            issue.stateReason = .reopened
            issue.duplicateOf = nil
            issue.closedAt = nil
            return change(issue, [.reopened], actor: actor)
        }
    }

    public func closeAsDuplicate(
        _ number: IssueNumber, of original: IssueNumber, actor: Login
    ) async throws -> StateChange {
        try takeFailure()
        let actor = try await registered(actor)
        _ = try existing([number, original])
        guard number != original else {
            throw TrackerError.invalidInput(
                field: "--duplicate-of", rule: "an issue cannot be a duplicate of itself; name another issue")
        }
        return try changeStates([number]) { issue in
            guard issue.state == .open else { return nil }
            issue.state = .closed
            issue.stateReason = .duplicate
            issue.duplicateOf = original
            issue.closedAt = nextMoment()
            return change(issue, [.closedAsDuplicate(of: original)], actor: actor)
        }[0]
    }

    /// Checks every issue exists, then applies `body` to each (nil: already in that state) and
    /// stores the changes at once.
    private func changeStates(_ numbers: [IssueNumber], _ body: (inout Issue) -> Change?) throws -> [StateChange] {
        let unique = numbers.reduce(into: [IssueNumber]()) { if !$0.contains($1) { $0.append($1) } }
        return try grouped {
            try existing(unique).map { issue in
                var changed = issue
                guard let change = body(&changed) else { return .unchanged(issue) }
                return .changed(commit([change])[0])
            }
        }
    }
}
