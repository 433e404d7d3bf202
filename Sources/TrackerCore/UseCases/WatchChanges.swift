/// Follows the changes to issues as they commit: hands each one over once, in the feed's order,
/// and outlives lost connections (a server restart, a dropped network): it says so once,
/// reconnects with a growing pause (never longer than `Pacing.longestReconnectPause`), and
/// carries on after the last change it handed over, so none is missed or handed over twice.
public struct WatchChanges: Sendable {
    /// How many changes one read takes at most.
    public static let batchLimit = 500

    private let feed: any ChangeFeedRepository
    private let users: any UserRepository
    private let pacing: Pacing
    private let pause: @Sendable (Duration) async throws -> Void

    /// `pause` sleeps between reconnection attempts (tests make it instant).
    public init(
        feed: any ChangeFeedRepository, users: any UserRepository, pacing: Pacing = .standard,
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
