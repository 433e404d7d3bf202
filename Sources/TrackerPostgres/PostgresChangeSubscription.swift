import ChildProcesses
import Dispatch
import Postgres
import TrackerCore

/// One listening session. Its connection is used on a serial queue of its own, off Swift's
/// cooperative threads (a wait blocks in `poll` for as long as nothing happens); `close` and
/// cancellation end a wait at once through a pipe the wait also polls.
final class PostgresChangeSubscription: ChangeSubscription, @unchecked Sendable {
    // Touched only on `queue`.
    private var connection: Connection?
    private let queue = DispatchQueue(label: "tracker.live")
    private let wake: WakePipe
    private let filter: ChangeFilter

    /// The database's schema proof, whose explanation words a refusal (a role holding no level).
    private let proof: StatementProof?

    private init(wake: WakePipe, filter: ChangeFilter, proof: StatementProof?) {
        self.proof = proof
        self.wake = wake
        self.filter = filter
    }

    /// Connects a session of its own to `database`'s server, with its settings, named in
    /// `pg_stat_activity`.
    static func open(
        beside database: Database, filter: ChangeFilter
    ) async throws
        -> PostgresChangeSubscription
    {
        let subscription = PostgresChangeSubscription(wake: try WakePipe(), filter: filter, proof: database.proof)
        try await run(on: subscription.queue) {
            do {
                let connection = try Connection(
                    settings: database.settings, limits: database.limits, searchPath: database.searchPath,
                    variables: database.variables)
                try connection.execute("SET application_name = '\(PostgresChangeFeed.applicationName)'")
                subscription.connection = connection
            } catch let error as PostgresError {
                throw error.trackerError(unreachableAdvice: database.unreachableAdvice)
            }
        }
        return subscription
    }

    func listen(to channels: [String]) async throws {
        try await perform { connection in try connection.listen(to: channels) }
    }

    func stopListening(to channel: String) async throws {
        try await perform { connection in try connection.stopListening(to: channel) }
    }

    /// Whether a notification on `channel` arrives within `timeout`.
    func hears(_ channel: String, within timeout: Duration) async throws -> Bool {
        try await perform { [wake] connection in
            let deadline = ContinuousClock.now + timeout
            while case let remaining = ContinuousClock.now.duration(to: deadline), remaining > .zero {
                switch try connection.waitForNotifications(
                    timeout: remaining, interruptions: [.readable(wake.readEnd)])
                {
                case .notified(let notifications) where notifications.contains(where: { $0.channel == channel }):
                    return true
                case .notified:
                    continue
                case .timedOut:
                    return false
                case .interrupted:
                    throw CancellationError()
                }
            }
            return false
        }
    }

    func position(of start: ChangeStart) async throws -> ChangePosition {
        let filter = self.filter
        let event: Int64? =
            if case .after(let event) = start { event } else { nil }
        let row = try await perform { connection in
            let start = Statement(ChangeFeedQueries.start, [event, filter.issue?.value, filter.assignee?.value])
            guard filter.allProjects else { return try connection.query(start.sql, start.parameters).rows[0] }
            // The event is in one project's timeline; the horizon is every project's.
            let rows = try Self.inEveryProject(start, on: connection).map { $0.result.rows[0] }
            return try rows.first { try $0.decode("xact", as: String?.self) != nil } ?? rows.first
                ?? connection.query(start.sql, start.parameters).rows[0]
        }
        if let issue = filter.issue, !(try row.decode("issue_known", as: Bool.self)) {
            throw TrackerError.notFound("issue \(issue) does not exist")
        }
        if let login = filter.assignee, !(try row.decode("login_known", as: Bool.self)) {
            throw TrackerError.unknownUser(login: login.value, suggestions: [])
        }
        guard let group = try row.decode("xact", as: String?.self) else {
            throw TrackerError.notFound(
                "no event \(event ?? 0): --since takes an event id that `tracker watch` printed")
        }
        // Before every event: no transaction id and no event id is below 0.
        if start == .beginning { return ChangePosition(group: 0, event: 0) }
        return ChangePosition(group: try ChangeFeedQueries.group(group), event: event ?? 0)
    }

    func changes(after position: ChangePosition, limit: Int) async throws -> ChangeBatch {
        let filter = self.filter
        let changes = Statement(
            ChangeFeedQueries.changes,
            [String(position.group), position.event, filter.issue?.value, filter.assignee?.value, limit])
        guard filter.allProjects else {
            let rows = try await perform { connection in try connection.query(changes.sql, changes.parameters).rows }
            return try ChangeFeedQueries.batch(from: rows, after: position, limit: limit)
        }
        let read = try await perform { connection in try Self.inEveryProject(changes, on: connection) }
        let batches = try read.map { project, result in
            try ChangeFeedQueries.batch(from: result.rows, after: position, limit: limit, project: project)
        }
        return ChangeFeedQueries.merged(batches, after: position, limit: limit)
    }

    /// `statement` in every project the session may read, in one snapshot (one horizon for all).
    private static func inEveryProject(
        _ statement: Statement, on connection: Connection
    ) throws -> [(project: ProjectKey, result: QueryResult)] {
        try connection.transaction(begin: "BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY") { connection in
            try ProjectStatements.runInEveryReadable(statement, on: connection)
        }
    }

    func waitForChanges(timeout: Duration) async throws {
        try await withTaskCancellationHandler {
            try Task.checkCancellation()
            let wait = try await perform { [wake] connection in
                try connection.waitForNotifications(timeout: timeout, interruptions: [.readable(wake.readEnd)])
            }
            if wait == .interrupted {
                wake.drain()
                try Task.checkCancellation()
            }
        } onCancel: {
            wake.signal()
        }
    }

    func close() async {
        wake.signal()
        await withCheckedContinuation { continuation in
            queue.async {
                self.connection = nil
                continuation.resume()
            }
        }
    }

    /// Runs `body` with the connection on the queue; connection failures become
    /// `.databaseUnavailable`, other database errors the domain's.
    private func perform<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) async throws -> T {
        try await PostgresChangeSubscription.run(on: queue) { [self] in
            guard let connection else { throw CancellationError() }
            do {
                return try body(connection)
            } catch let failure as PostgresError {
                let error = connection.explain(failure, by: proof) as? PostgresError ?? failure
                if !connection.isOpen { self.connection = nil }
                throw error.isConnectionFailure
                    ? TrackerError.databaseUnavailable("lost the connection to the database (\(error.message))")
                    : error.trackerError
            }
        }
    }

    private static func run<T: Sendable>(
        on queue: DispatchQueue, _ body: @escaping @Sendable () throws -> T
    )
        async throws -> T
    {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try body() }) }
        }
    }
}
