import Postgres
import TrackerCore

/// Closing and reopening several issues at once (`tracker close 7 8 9`): one flight,
/// `tracker_set_state` (the rows locked in number order, one UPDATE and its events for all of
/// them), then the issues read back in one SELECT.
extension PostgresIssueRepository {
    public func close(_ numbers: [IssueNumber], reason: StateReason, actor: Login) async throws -> [StateChange] {
        try await changeStates(numbers) { IssueChanges.setState($0, closedAs: reason, actor: actor) }
    }

    public func reopen(_ numbers: [IssueNumber], actor: Login) async throws -> [StateChange] {
        try await changeStates(numbers) { IssueChanges.setState($0, closedAs: nil, actor: actor) }
    }

    public func closeAsDuplicate(
        _ number: IssueNumber, of original: IssueNumber, actor: Login
    ) async throws -> StateChange {
        try await changeStates([number]) { _ in IssueChanges.closeAsDuplicate(number, of: original, actor: actor) }[0]
    }

    /// The changes in the order of `numbers`; the issues already so are `.unchanged`. `change`'s
    /// rows are the numbers it changed.
    func changeStates(
        _ numbers: [IssueNumber], by change: ([IssueNumber]) -> Statement
    ) async throws -> [StateChange] {
        let unique = numbers.reduce(into: [IssueNumber]()) { if !$0.contains($1) { $0.append($1) } }
        let statement = change(unique)
        let (changedRows, read) = try await database.trackedTransaction { connection in
            (connection.send(statement), connection.send(IssueChanges.issues(unique)))
        }
        return try decoded {
            let changed = Set(
                try changedRows.result().rows.map { row throws(PostgresError) -> Int64 in try row.decode(0) })
            var issues: [Int64: Issue] = [:]
            for row in try read.result().rows {
                let issue = try IssueRowDecoding.issue(from: row)
                issues[issue.number.value] = issue
            }
            return try unique.map { number in
                guard let issue = issues[number.value] else {
                    throw TrackerError.notFound("issue #\(number.value) does not exist; nothing was changed")
                }
                return changed.contains(number.value) ? .changed(issue) : .unchanged(issue)
            }
        }
    }
}
