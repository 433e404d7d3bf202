import Synchronization
import Testing
import TrackerCore
import TrackerTestSupport

/// What `WatchChanges` decides itself, over the in-memory feed: each change handed over once and
/// in order, across lost connections (said once, retried with a bounded growing pause), the
/// errors it throws, and a follower that closes its session when stopped.
@Suite struct WatchChangesTests {
    let users: InMemoryUserRepository
    let issues: InMemoryIssueRepository
    let alice: Login
    let pauses = Recorded<Duration>()
    let notices = Recorded<WatchNotice>()

    init() throws {
        alice = try Login("alice")
        users = InMemoryUserRepository([try User(login: alice), try User(login: Login("bob"))])
        issues = InMemoryIssueRepository(users: users)
    }

    func watch() -> WatchChanges {
        let pauses = self.pauses
        return WatchChanges(feed: InMemoryChangeFeed(issues: issues), users: users) { pause in
            pauses.append(pause)
        }
    }

    /// Watches from `start` in a task; the changes arrive on the stream, the task ends when cancelled.
    func start(
        from start: ChangeStart, filter: ChangeFilter = ChangeFilter()
    ) -> (
        Task<Void, any Error>, AsyncStream<IssueChange>
    ) {
        let (changes, delivered) = AsyncStream.makeStream(of: IssueChange.self)
        let notices = self.notices
        let watch = self.watch()
        let task = Task {
            defer { delivered.finish() }
            try await watch(from: start, filter: filter, report: { notice in notices.append(notice) }) {
                delivered.yield($0)
            }
        }
        return (task, changes)
    }

    func take(_ count: Int, from stream: AsyncStream<IssueChange>) async -> [IssueChange] {
        var taken: [IssueChange] = []
        for await change in stream {
            taken.append(change)
            if taken.count == count { break }
        }
        return taken
    }

    func issue(_ title: String) async throws -> IssueNumber {
        try await issues.create(try IssueDraft(title: title), author: alice).number
    }

    @Test func eachChangeComesOnceInOrderUntilTheTaskIsCancelled() async throws {
        let one = try await issue("One")
        let (task, changes) = start(from: .after(event: 1))
        _ = try await issues.close(one, reason: .completed, actor: alice)
        _ = try await issue("Two")
        _ = try await issues.reopen(one, actor: alice)
        let seen = await take(3, from: changes)
        #expect(seen.map(\.id) == [2, 3, 4])
        #expect(seen.map(\.event.kind) == [.closed(.completed), .created, .reopened])
        #expect(seen.map(\.title) == ["One", "Two", "One"])
        task.cancel()
        try await task.value
        #expect(await issues.openFeedSubscriptions == 0, "the session is closed")
    }

    @Test func aLostConnectionIsSaidOnceRetriedWithGrowingPausesAndResumedAfterTheLastChange() async throws {
        let one = try await issue("One")
        let (task, changes) = start(from: .after(event: 1))
        _ = try await issues.close(one, reason: .completed, actor: alice)
        #expect(await take(1, from: changes).map(\.id) == [2])
        let lost = TrackerError.databaseUnavailable("lost the connection to the database (restart)")
        await issues.failNextSubscriptions(with: [lost, lost, lost])
        await issues.dropFeedConnections()
        _ = try await issues.reopen(one, actor: alice)
        _ = try await issue("Two")
        #expect(await take(2, from: changes).map(\.id) == [3, 4], "nothing missed, nothing twice")
        task.cancel()
        try await task.value
        #expect(
            notices.all == [
                .lost(reason: "lost the connection to the database (dropped by the test)", resumingAfter: 2), .restored,
            ])
        #expect(pauses.all == [.milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2)])
    }

    @Test func thePauseBetweenAttemptsGrowsToItsBoundAndStaysThere() async throws {
        let one = try await issue("One")
        let (task, changes) = start(from: .after(event: 1))
        _ = try await issues.close(one, reason: .completed, actor: alice)
        #expect(await take(1, from: changes).map(\.id) == [2], "watching")
        let lost = TrackerError.databaseUnavailable("down")
        await issues.failNextSubscriptions(with: Array(repeating: lost, count: 7))
        await issues.dropFeedConnections()
        _ = try await issue("Two")
        #expect(await take(1, from: changes).map(\.id) == [3])
        task.cancel()
        try await task.value
        #expect(
            pauses.all == [
                .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2), .seconds(4), .seconds(5), .seconds(5),
                .seconds(5),
            ])
    }

    @Test func anUnknownLoginIsRefusedWithTheClosestOnes() async throws {
        await #expect(throws: TrackerError.unknownUser(login: "alicf", suggestions: ["alice"])) {
            try await watch()(from: .now, filter: ChangeFilter(assignee: try Login("alicf"))) { _ in }
        }
        #expect(await issues.openFeedSubscriptions == 0)
    }

    @Test func aFeedThatCannotCarryNotificationsOrIsDownAtTheStartIsThrown() async throws {
        await issues.failNextSubscriptions(with: [LiveUpdatesUnavailable("pooler")])
        await #expect(throws: LiveUpdatesUnavailable("pooler")) {
            try await watch()(from: .now, filter: ChangeFilter()) { _ in }
        }
        await issues.failNextSubscriptions(with: [TrackerError.databaseUnavailable("down")])
        await #expect(throws: TrackerError.databaseUnavailable("down")) {
            try await watch()(from: .now, filter: ChangeFilter()) { _ in }
        }
        #expect(pauses.all.isEmpty, "no retry before watching began")
    }

    @Test func aFollowerStreamsFromNowAndClosesItsSessionWhenStopped() async throws {
        let one = try await issue("One")
        let follower = try await watch().follow(ChangeFilter(issue: one))
        #expect(await issues.openFeedSubscriptions == 1)
        _ = try await issue("Two")
        _ = try await issues.close(one, reason: .notPlanned, actor: alice)
        var iterator = follower.updates.makeAsyncIterator()
        let first = await iterator.next()
        guard case .change(let change)? = first else {
            Issue.record("expected a change, got \(String(describing: first))")
            return
        }
        #expect(change.issue == one && change.event.kind == .closed(.notPlanned), "only issue one's, from now")
        await follower.stop()
        #expect(await issues.openFeedSubscriptions == 0)
        #expect(await iterator.next() == nil, "the stream ends")
    }
}

/// What a closure called from another task recorded.
final class Recorded<Value: Sendable>: Sendable {
    private let values = Mutex<[Value]>([])

    func append(_ value: Value) { values.withLock { $0.append(value) } }
    var all: [Value] { values.withLock { $0 } }
}
