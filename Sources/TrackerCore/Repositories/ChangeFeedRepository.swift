/// The changes to issues as they commit, for `tracker watch` and the live screens.
/// Implementations throw `TrackerError` (a lost connection is `.databaseUnavailable`) or
/// `LiveUpdatesUnavailable`.
public protocol ChangeFeedRepository: Sendable {
    /// Opens a session of its own that hears of changes as they commit; checks first that
    /// the way to the database can carry them (`LiveUpdatesUnavailable` when it cannot).
    func subscribe(_ filter: ChangeFilter) async throws -> any ChangeSubscription
}

/// One listening session. Its methods are called one at a time; `close` ends it (also while
/// another task waits in `waitForChanges`).
public protocol ChangeSubscription: Sendable {
    /// Where watching from `start` begins. An issue or login in the filter that does not exist
    /// is `.notFound` / `.unknownUser` (without suggestions); an unknown event is `.notFound`.
    func position(of start: ChangeStart) async throws -> ChangePosition
    /// The committed changes after `position` that the filter keeps, in the feed's order, at
    /// most `limit` of them.
    func changes(after position: ChangePosition, limit: Int) async throws -> ChangeBatch
    /// Returns when a change may have committed since the last read, or after `timeout`;
    /// cancelling the waiting task ends it at once with `CancellationError`.
    func waitForChanges(timeout: Duration) async throws
    func close() async
}

/// The way to the database cannot carry live updates (e.g. a pooler in transaction mode,
/// which hands the listening session's server connection to others between statements).
public struct LiveUpdatesUnavailable: Error, Equatable, Sendable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
