/// Holds issues and their timelines. Implementations throw `TrackerError`; every change writes
/// its events and moves `updatedAt` in the same transaction, and bulk changes are all-or-nothing.
public protocol IssueRepository: Sendable {
    /// Stores a new issue with the next number; a failed create uses up no number.
    func create(_ draft: IssueDraft, author: Login) async throws -> Issue
    /// Issues matching the filter, in its order, at most `limit` of them (`nil` = all).
    func list(_ filter: IssueFilter) async throws -> [Issue]
    func details(of number: IssueNumber) async throws -> IssueDetails
    /// Adds assignees to every issue (already assigned is fine). Refuses, changing nothing, when
    /// an issue is missing or would pass 10 assignees; concurrent calls never pass the limit.
    func assign(_ logins: [Login], to numbers: [IssueNumber], actor: Login) async throws -> [Issue]
    /// Removes assignees (`nil` = all of them; not assigned is fine), all-or-nothing.
    func unassign(_ logins: [Login]?, from numbers: [IssueNumber], actor: Login) async throws -> [Issue]
    func close(_ number: IssueNumber, reason: StateReason, actor: Login) async throws -> StateChange
    func reopen(_ number: IssueNumber, actor: Login) async throws -> StateChange
}
