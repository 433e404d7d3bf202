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
        guard reason != .reopened else {
            throw TrackerError.invalidInput(field: "reason", rule: "an issue is closed as completed or not-planned")
        }
        return try await issues.close(number, reason: reason, actor: actor)
    }

    /// Several issues, all or nothing: a missing one closes none of them.
    public func callAsFunction(
        _ numbers: [IssueNumber], reason: StateReason = .completed, actor: Login
    ) async throws
        -> [StateChange]
    {
        guard reason != .reopened else {
            throw TrackerError.invalidInput(field: "reason", rule: "an issue is closed as completed or not-planned")
        }
        return try await issues.close(numbers, reason: reason, actor: actor)
    }
}
