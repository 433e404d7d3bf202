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
