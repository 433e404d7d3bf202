import Synchronization
import TrackerCore

/// The change feed of an `InMemoryIssueRepository`: every event recorded, in order, each its own
/// commit group (nothing here is concurrent), with subscriptions that can be made to fail or to
/// lose their connection, and a count of those open (to check that screens close theirs).
struct InMemoryFeedState {
    /// Bumped by `dropFeedConnections()`: subscriptions of an older generation have lost theirs.
    var generation = 0
    var openSubscriptions = 0
    var subscribeFailures: [any Error] = []
    var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
    var nextWaiter = 0
}

extension InMemoryIssueRepository {
    /// Appends to an issue's timeline and to the change feed, waking its waiting subscriptions.
    /// Each recording is a change of its own unless the call runs `asOneChange`.
    func record(_ new: [IssueEvent], on number: Int64) {
        guard !new.isEmpty else { return }
        let marked = new.map { event in
            var event = event
            event.isUndo = undoing
            return event
        }
        let change = changeToJoin(actor: new[0].importedBy ?? new[0].actor, imported: new[0].importedBy != nil)
        let start = events[number, default: []].count
        events[number, default: []] += marked
        changeRecords[change]?.entries += marked.indices.map { (number, start + $0) }
        changeLog += marked.map { (number, $0) }
        refreshStructure()
        wakeFeedWaiters()
    }

    /// The next `subscribe`s fail with these errors, one each.
    public func failNextSubscriptions(with errors: [any Error]) {
        feed.subscribeFailures = errors
    }

    /// Every open subscription loses its connection: its next call throws `.databaseUnavailable`.
    public func dropFeedConnections() {
        feed.generation += 1
        wakeFeedWaiters()
    }

    /// How many subscriptions are open (subscribed, not yet closed).
    public var openFeedSubscriptions: Int { feed.openSubscriptions }

    /// How many changes the feed holds.
    public var feedLength: Int { changeLog.count }

    func openSubscription() throws -> Int {
        if !feed.subscribeFailures.isEmpty { throw feed.subscribeFailures.removeFirst() }
        feed.openSubscriptions += 1
        return feed.generation
    }

    func closeSubscription() {
        feed.openSubscriptions -= 1
    }

    func requireConnection(_ generation: Int) throws {
        guard generation == feed.generation else {
            throw TrackerError.databaseUnavailable("lost the connection to the database (dropped by the test)")
        }
    }

    func feedPosition(of start: ChangeStart, filter: ChangeFilter, generation: Int) async throws -> ChangePosition {
        try requireConnection(generation)
        if let issue = filter.issue, issues[issue.value] == nil {
            throw TrackerError.notFound("issue \(issue) does not exist")
        }
        if let login = filter.assignee, try await users.find(login) == nil {
            throw TrackerError.unknownUser(login: login.value, suggestions: [])
        }
        switch start {
        case .now:
            return ChangePosition(group: UInt64(changeLog.count), event: Int64(changeLog.count))
        case .beginning:
            return ChangePosition(group: 0, event: 0)
        case .after(let event):
            guard event >= 1, event <= changeLog.count else {
                throw TrackerError.notFound("no event \(event): --since takes an event id that `tracker watch` printed")
            }
            return ChangePosition(group: UInt64(event), event: event)
        }
    }

    /// The batch, and how long the log was when it was read.
    func feedChanges(
        after position: ChangePosition, filter: ChangeFilter, limit: Int, generation: Int
    ) throws -> (ChangeBatch, Int) {
        try requireConnection(generation)
        var changes: [IssueChange] = []
        // Event ids are places in the log, from 1.
        var index = max(0, min(changeLog.count, Int(clamping: position.event)))
        while index < changeLog.count, changes.count < limit {
            let (number, event) = changeLog[index]
            index += 1
            guard filter.keeps(event, on: number, issue: issues[number]) else { continue }
            let id = Int64(index)
            changes.append(
                IssueChange(
                    id: id, issue: try IssueNumber(number), title: issues[number]?.title ?? "", event: event,
                    position: ChangePosition(group: UInt64(id), event: id)))
        }
        let next = ChangePosition(group: UInt64(index), event: Int64(index))
        return (ChangeBatch(changes: changes, next: max(position, next), heldBack: false), changeLog.count)
    }

    /// Returns once the feed holds more than `seen` changes, its connections were dropped, or
    /// the waiting task is cancelled.
    func waitForFeed(beyond seen: Int, generation: Int) async {
        guard changeLog.count <= seen, generation == feed.generation else { return }
        let id = feed.nextWaiter
        feed.nextWaiter += 1
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if Task.isCancelled {
                    continuation.resume()
                } else {
                    feed.waiters[id] = continuation
                }
            }
        } onCancel: {
            Task { await self.resumeFeedWaiter(id) }
        }
    }

    private func resumeFeedWaiter(_ id: Int) {
        feed.waiters.removeValue(forKey: id)?.resume()
    }

    private func wakeFeedWaiters() {
        let waiters = feed.waiters.values
        feed.waiters = [:]
        waiters.forEach { $0.resume() }
    }
}

extension ChangeFilter {
    /// The same rule as the SQL's: the one issue; an issue assigned to the login now, or an
    /// event assigning or unassigning them.
    func keeps(_ event: IssueEvent, on number: Int64, issue: Issue?) -> Bool {
        if let wanted = self.issue, wanted.value != number { return false }
        guard let login = assignee else { return true }
        switch event.kind {
        case .assigned(let subject) where subject == login, .unassigned(let subject) where subject == login:
            return true
        default:
            return issue?.assignees.contains(login) ?? false
        }
    }
}

/// The change feed of an `InMemoryIssueRepository`, as a `ChangeFeedRepository`.
public struct InMemoryChangeFeed: ChangeFeedRepository {
    let issues: InMemoryIssueRepository

    public init(issues: InMemoryIssueRepository) { self.issues = issues }

    public func subscribe(_ filter: ChangeFilter) async throws -> any ChangeSubscription {
        InMemoryChangeSubscription(issues: issues, filter: filter, generation: try await issues.openSubscription())
    }
}

final class InMemoryChangeSubscription: ChangeSubscription {
    let issues: InMemoryIssueRepository
    let filter: ChangeFilter
    let generation: Int
    private let closed = Mutex(false)
    /// How long the log was at the last read: a wait returns at once when it has grown since.
    private let seen = Mutex(0)

    init(issues: InMemoryIssueRepository, filter: ChangeFilter, generation: Int) {
        self.issues = issues
        self.filter = filter
        self.generation = generation
    }

    func position(of start: ChangeStart) async throws -> ChangePosition {
        let position = try await issues.feedPosition(of: start, filter: filter, generation: generation)
        let length = await issues.feedLength
        seen.withLock { $0 = length }
        return position
    }

    func changes(after position: ChangePosition, limit: Int) async throws -> ChangeBatch {
        let (batch, length) = try await issues.feedChanges(
            after: position, filter: filter, limit: limit, generation: generation)
        seen.withLock { $0 = length }
        return batch
    }

    func waitForChanges(timeout: Duration) async throws {
        let seen = self.seen.withLock { $0 }
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.issues.waitForFeed(beyond: seen, generation: self.generation) }
            group.addTask { try? await Task.sleep(for: timeout) }
            await group.next()
            group.cancelAll()
        }
        try Task.checkCancellation()
    }

    func close() async {
        guard
            closed.withLock({ closed in
                defer { closed = true }; return !closed
            })
        else { return }
        await issues.closeSubscription()
    }
}
