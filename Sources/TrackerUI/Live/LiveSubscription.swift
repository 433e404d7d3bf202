import ChildProcesses
import Synchronization
import TrackerCore

/// A screen's live updates: follows the changes `filter` keeps from when the screen starts until
/// `stop()`, gathering them as `LiveNews` and waking the presenter's wait (`wake`) when some
/// arrive. Owned by the screen's coordinator, which stops it when the screen ends; read by the
/// screen's presenter, which hands the news back as an input.
@MainActor
public final class LiveSubscription {
    public let wake: WakePipe
    private let inbox: Inbox
    private let task: Task<Void, Never>

    /// Starts following in the background (the screen does not wait for the connection); nil
    /// when there is nothing to follow with, or the presenter cannot be woken while it waits.
    static func start(
        _ watch: WatchChanges?, filter: ChangeFilter, for presenter: some LivePresenter
    )
        -> LiveSubscription?
    {
        guard let watch, presenter.followsLiveUpdates, let wake = try? WakePipe() else { return nil }
        return LiveSubscription(watch: watch, filter: filter, wake: wake)
    }

    private init(watch: WatchChanges, filter: ChangeFilter, wake: WakePipe) {
        let inbox = Inbox(wake: wake)
        self.wake = wake
        self.inbox = inbox
        task = Task.detached { await LiveSubscription.follow(watch, filter: filter, into: inbox) }
    }

    /// What arrived since the last call.
    public func take() -> LiveNews {
        inbox.take()
    }

    /// Ends following; returns once the listening session is closed.
    func stop() async {
        task.cancel()
        await task.value
    }

    private nonisolated static func follow(_ watch: WatchChanges, filter: ChangeFilter, into inbox: Inbox) async {
        do {
            let follower = try await watch.follow(filter)
            for await update in follower.updates { inbox.post(update) }
            await follower.stop()
        } catch is CancellationError {
            return
        } catch {
            if !Task.isCancelled { inbox.post(.stopped(TrackerError.describing(error))) }
        }
    }

    /// Where the follower's task leaves news for the screen.
    private final class Inbox: Sendable {
        private let news = Mutex(LiveNews())
        private let wake: WakePipe

        init(wake: WakePipe) {
            self.wake = wake
        }

        func post(_ update: LiveUpdate) {
            news.withLock { $0.add(update) }
            wake.signal()
        }

        func take() -> LiveNews {
            wake.drain()
            return news.withLock { news in
                defer { news = LiveNews() }
                return news
            }
        }
    }
}
