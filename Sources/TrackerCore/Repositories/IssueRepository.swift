/// Holds issues. Implementations throw `TrackerError`.
public protocol IssueRepository: Sendable {
    /// Stores a new issue with the next number; a failed create uses up no number.
    func create(_ draft: IssueDraft, author: Login) async throws -> Issue
    /// Issues matching the filter's state, newest first, at most `limit` of them (`nil` = all).
    func list(_ filter: IssueFilter) async throws -> [Issue]
}
