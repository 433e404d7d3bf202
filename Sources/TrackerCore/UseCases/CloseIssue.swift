public struct CloseIssue: Sendable {
    private let issues: any IssueRepository

    public init(issues: any IssueRepository) {
        self.issues = issues
    }

    /// Closing a closed issue is `.unchanged`, not an error.
    public func callAsFunction(
        _ number: IssueNumber, reason: StateReason = .completed, actor: Login
    ) async throws
        -> StateChange
    {
        try Self.check(reason)
        return try await issues.close(number, reason: reason, actor: actor)
    }

    /// Several issues, all or nothing: a missing one closes none of them.
    public func callAsFunction(
        _ numbers: [IssueNumber], reason: StateReason = .completed, actor: Login
    ) async throws
        -> [StateChange]
    {
        try Self.check(reason)
        return try await issues.close(numbers, reason: reason, actor: actor)
    }

    /// Closes `number` as a duplicate of `original`, which must be another issue.
    public func callAsFunction(
        _ number: IssueNumber, duplicateOf original: IssueNumber, actor: Login
    ) async throws -> StateChange {
        guard number != original else {
            throw TrackerError.invalidInput(
                field: "--duplicate-of", rule: "issue \(number) cannot be a duplicate of itself; name another issue")
        }
        return try await issues.closeAsDuplicate(number, of: original, actor: actor)
    }

    /// A reason a close can take without naming another issue.
    public static func check(_ reason: StateReason) throws(TrackerError) {
        switch reason {
        case .completed, .notPlanned: return
        case .duplicate:
            throw TrackerError.invalidInput(
                field: "--reason", rule: "duplicate needs the original issue: use --duplicate-of N")
        case .reopened:
            throw TrackerError.invalidInput(field: "reason", rule: "an issue is closed as completed or not-planned")
        }
    }
}
