/// Follows the changes to issues as they commit: hands each one over once, in the feed's order,
/// and outlives lost connections (a server restart, a dropped network): it says so once,
/// reconnects with a growing pause (never longer than `Pacing.longestReconnectPause`), and
/// carries on after the last change it handed over, so none is missed or handed over twice.
public struct WatchChanges: Sendable {
    /// How many changes one read takes at most.
    public static let batchLimit = 500

    public struct Pacing: Sendable, Equatable {
        /// The pause before the first reconnection; each failed attempt doubles it, up to the longest.
        public var firstReconnectPause: Duration
        public var longestReconnectPause: Duration
        /// How soon to read again while committed changes wait behind a running transaction
        /// (whose end may announce nothing), doubling up to the longest.
        public var firstHeldBackPause: Duration
        public var longestHeldBackPause: Duration
        /// How long to wait for a notification before reading anyway (which also finds a
        /// connection that died without a word).
        public var idleRead: Duration

        public static let standard = Pacing(
            firstReconnectPause: .milliseconds(250), longestReconnectPause: .seconds(5),
            firstHeldBackPause: .milliseconds(2), longestHeldBackPause: .milliseconds(250), idleRead: .seconds(30))

        public init(
            firstReconnectPause: Duration, longestReconnectPause: Duration, firstHeldBackPause: Duration,
            longestHeldBackPause: Duration, idleRead: Duration
        ) {
            self.firstReconnectPause = firstReconnectPause
            self.longestReconnectPause = longestReconnectPause
            self.firstHeldBackPause = firstHeldBackPause
            self.longestHeldBackPause = longestHeldBackPause
            self.idleRead = idleRead
        }

        /// The pause before reconnection attempt `attempt` (from 1).
        func reconnectPause(_ attempt: Int) -> Duration {
            var pause = firstReconnectPause
            for _ in 1..<max(1, min(attempt, 32)) where pause < longestReconnectPause { pause = pause * 2 }
            return min(pause, longestReconnectPause)
        }
    }

    private let feed: any ChangeFeedRepository
    private let users: any AssigneeRepository
    private let pacing: Pacing
    private let pause: @Sendable (Duration) async throws -> Void

    /// `pause` sleeps between reconnection attempts (tests make it instant).
    public init(
        feed: any ChangeFeedRepository, users: any AssigneeRepository, pacing: Pacing = .standard,
        pause: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.feed = feed
        self.users = users
        self.pacing = pacing
        self.pause = pause
    }

    /// Hands every change after `start` that `filter` keeps to `deliver`, until the calling task
    /// is cancelled (then it returns). A lost connection before watching began, an issue or
    /// login that does not exist, a way to the database that cannot carry notifications
    /// (`LiveUpdatesUnavailable`) and whatever `deliver` throws are thrown.
    public func callAsFunction(
        from start: ChangeStart, filter: ChangeFilter, report: @Sendable (WatchNotice) -> Void = { _ in },
        deliver: (IssueChange) async throws -> Void
    ) async throws {
        let session: Session
        do {
            session = try await begin(from: start, filter: filter)
        } catch is CancellationError {
            return
        }
        try await run(session, filter: filter, report: report, deliver: deliver)
    }

    /// Starts watching from now (connected, and where now is known, when this returns), then
    /// hands the changes to the follower's stream until `stop()`.
    public func follow(_ filter: ChangeFilter) async throws -> ChangeFollower {
        let session = try await begin(from: .now, filter: filter)
        let (updates, continuation) = AsyncStream.makeStream(of: LiveUpdate.self)
        let task = Task {
            do {
                try await run(session, filter: filter, report: { continuation.yield(.notice($0)) }) { change in
                    continuation.yield(.change(change))
                }
            } catch {
                continuation.yield(.stopped(TrackerError.describing(error)))
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return ChangeFollower(updates: updates, task: task)
    }

    /// An open subscription and where to read from.
    private struct Session: Sendable {
        var subscription: any ChangeSubscription
        var position: ChangePosition
    }

    private func begin(from start: ChangeStart, filter: ChangeFilter) async throws -> Session {
        let subscription = try await feed.subscribe(filter)
        do {
            return Session(subscription: subscription, position: try await subscription.position(of: start))
        } catch TrackerError.unknownUser(let login, let suggestions) where suggestions.isEmpty {
            await subscription.close()
            let close = (try? await users.suggestions(for: login, limit: 3)) ?? []
            throw TrackerError.unknownUser(login: login, suggestions: close.map(\.value))
        } catch {
            await subscription.close()
            throw error
        }
    }

    private func run(
        _ session: Session, filter: ChangeFilter, report: @Sendable (WatchNotice) -> Void,
        deliver: (IssueChange) async throws -> Void
    ) async throws {
        var subscription: (any ChangeSubscription)? = session.subscription
        var position = session.position
        var lastDelivered: Int64? = nil
        var failures = 0
        while !Task.isCancelled {
            do {
                if subscription == nil {
                    subscription = try await feed.subscribe(filter)
                    report(.restored)
                    failures = 0
                }
                guard let current = subscription else { continue }
                try await follow(current, from: &position, lastDelivered: &lastDelivered, deliver: deliver)
            } catch is CancellationError {
                break
            } catch TrackerError.databaseUnavailable(let reason) {
                await subscription?.close()
                subscription = nil
                failures += 1
                if failures == 1 { report(.lost(reason: reason, resumingAfter: lastDelivered)) }
                do { try await pause(pacing.reconnectPause(failures)) } catch { break }
            } catch {
                await subscription?.close()
                throw error
            }
        }
        await subscription?.close()
    }

    /// Reads and hands over changes, waiting for notifications between reads, until something throws.
    private func follow(
        _ subscription: any ChangeSubscription, from position: inout ChangePosition, lastDelivered: inout Int64?,
        deliver: (IssueChange) async throws -> Void
    ) async throws {
        var heldBackPause = pacing.firstHeldBackPause
        while true {
            try Task.checkCancellation()
            let batch = try await subscription.changes(after: position, limit: WatchChanges.batchLimit)
            for change in batch.changes {
                try await deliver(change)
                position = change.position
                lastDelivered = change.id
            }
            position = max(position, batch.next)
            if batch.changes.count >= WatchChanges.batchLimit { continue }
            if batch.heldBack {
                try await subscription.waitForChanges(timeout: heldBackPause)
                heldBackPause = min(heldBackPause * 2, pacing.longestHeldBackPause)
            } else {
                heldBackPause = pacing.firstHeldBackPause
                try await subscription.waitForChanges(timeout: pacing.idleRead)
            }
        }
    }
}

/// What a watch says besides the changes themselves.
public enum WatchNotice: Equatable, Sendable {
    /// The connection was lost (said once per outage): watching goes on after the event
    /// `resumingAfter` (nil: from where it began) once reconnected.
    case lost(reason: String, resumingAfter: Int64?)
    /// Connected again; the changes made meanwhile follow.
    case restored
}

/// What a follower's stream carries.
public enum LiveUpdate: Equatable, Sendable {
    case change(IssueChange)
    case notice(WatchNotice)
    /// Watching ended for this reason (the stream ends after it).
    case stopped(String)
}

/// Changes followed for a screen: `updates` until `stop()`, which returns once the session is
/// closed.
public final class ChangeFollower: Sendable {
    public let updates: AsyncStream<LiveUpdate>
    private let task: Task<Void, Never>

    init(updates: AsyncStream<LiveUpdate>, task: Task<Void, Never>) {
        self.updates = updates
        self.task = task
    }

    public func stop() async {
        task.cancel()
        await task.value
    }
}

extension TrackerError {
    /// Any error's one line, as the person should read it.
    public static func describing(_ error: any Error) -> String {
        if let unavailable = error as? LiveUpdatesUnavailable { return unavailable.description }
        return TrackerError(wrapping: error).description
    }
}
