import Testing
import TrackerCore

/// `ChangeFeedRepository`: changes in order from a position, once each, through any limit;
/// the filters; the errors for what does not exist; waits that a change or a cancel ends.
@Suite struct ChangeFeedContractTests {
    /// Every change after `position`, read `limit` at a time.
    func readAll(
        _ subscription: any ChangeSubscription, after position: ChangePosition, limit: Int = 100
    )
        async throws -> [IssueChange]
    {
        var position = position
        var all: [IssueChange] = []
        while true {
            let batch = try await subscription.changes(after: position, limit: limit)
            #expect(batch.next >= position, "the cursor never goes back")
            all += batch.changes
            position = batch.next
            if batch.heldBack { try await Task.sleep(for: .milliseconds(10)) }
            if batch.changes.isEmpty && !batch.heldBack { return all }
        }
    }

    func describe(_ changes: [IssueChange]) -> [String] {
        changes.map { change in
            let what =
                switch change.event.kind {
                case .closed(let reason): "closed \(reason.rawValue)"
                case .commented: "commented"
                case .assigned(let login): "assigned \(login.value)"
                case .unassigned(let login): "unassigned \(login.value)"
                case .created: "created"
                case .renamed(_, let to): "renamed \(to)"
                default: "other"
                }
            return "#\(change.issue.value) \(what) by \(change.event.actor.value)"
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func fromNowEveryLaterChangeComesOnceInOrder(_ kind: RepositoryKind) async throws {
        let fixture = try await ContractFixture.make(kind)
        let subscription = try await fixture.changes.subscribe(ChangeFilter())
        defer { Task { await subscription.close() } }
        let start = try await subscription.position(of: .now)
        _ = try await fixture.issues.close(try fixture.number(1), reason: .completed, actor: fixture.alice)
        _ = try await fixture.comments.add("Seen", to: try fixture.number(2), author: fixture.alice)
        _ = try await fixture.issues.assign(try fixture.logins("Bob"), to: try fixture.numbers(3), actor: fixture.alice)
        _ = try await fixture.issues.create(try IssueDraft(title: "Four"), author: fixture.alice)
        let expected = [
            "#1 closed completed by alice", "#2 commented by alice", "#3 assigned Bob by alice", "#4 created by alice",
        ]
        // "Now" is the feed's horizon: while a transaction it cannot place is running on the server
        // (autovacuum analysing the new database, one ending just as it looks), the fixture's own
        // changes, committed a moment before, may come first. Never a change twice or out of order.
        let fixtureCreated = Set(["#1 created by alice", "#2 created by alice", "#3 created by alice"])
        func afterTheFixture(_ changes: [IssueChange]) -> [IssueChange] {
            Array(changes.drop { fixtureCreated.contains(describe([$0])[0]) })
        }
        let all = afterTheFixture(try await readAll(subscription, after: start))
        #expect(describe(all) == expected)
        #expect(all.map(\.title) == ["One", "Two", "Three", "Four"])
        #expect(all.map(\.id) == all.map(\.id).sorted() && Set(all.map(\.id)).count == 4)
        #expect(all.map(\.position) == all.map(\.position).sorted())
        #expect(
            describe(afterTheFixture(try await readAll(subscription, after: start, limit: 1))) == expected,
            "one at a time, the same")
        #expect(try await readAll(subscription, after: try #require(all.last).position).isEmpty)
    }

    @Test(arguments: RepositoryKind.allCases)
    func afterAnEventStartsRightAfterIt(_ kind: RepositoryKind) async throws {
        let fixture = try await ContractFixture.make(kind)
        let subscription = try await fixture.changes.subscribe(ChangeFilter())
        defer { Task { await subscription.close() } }
        let start = try await subscription.position(of: .now)
        for number in try fixture.numbers(1, 2, 3) {
            _ = try await fixture.issues.close(number, reason: .notPlanned, actor: fixture.alice)
        }
        let all = try await readAll(subscription, after: start)
        #expect(all.count == 3)
        let resumed = try await subscription.position(of: .after(event: all[0].id))
        #expect(try await readAll(subscription, after: resumed) == Array(all.dropFirst()))
    }

    @Test(arguments: RepositoryKind.allCases)
    func filtersKeepOneIssueOrTheIssuesOfOneAssignee(_ kind: RepositoryKind) async throws {
        let fixture = try await ContractFixture.make(kind)
        let byIssue = try await fixture.changes.subscribe(ChangeFilter(issue: try fixture.number(2)))
        let byAssignee = try await fixture.changes.subscribe(ChangeFilter(assignee: try fixture.login("bob")))
        defer {
            Task {
                await byIssue.close(); await byAssignee.close()
            }
        }
        let issueStart = try await byIssue.position(of: .now)
        let assigneeStart = try await byAssignee.position(of: .now)
        _ = try await fixture.issues.assign(try fixture.logins("Bob"), to: try fixture.numbers(2), actor: fixture.alice)
        _ = try await fixture.issues.close(try fixture.number(1), reason: .completed, actor: fixture.alice)
        _ = try await fixture.comments.add("On two", to: try fixture.number(2), author: fixture.alice)
        _ = try await fixture.issues.assign(
            try fixture.logins("carol"), to: try fixture.numbers(3), actor: fixture.alice)
        #expect(
            describe(try await readAll(byIssue, after: issueStart)) == [
                "#2 assigned Bob by alice", "#2 commented by alice",
            ])
        #expect(
            describe(try await readAll(byAssignee, after: assigneeStart)) == [
                "#2 assigned Bob by alice", "#2 commented by alice",
            ])
    }

    @Test(arguments: RepositoryKind.allCases)
    func whatDoesNotExistIsRefused(_ kind: RepositoryKind) async throws {
        let fixture = try await ContractFixture.make(kind)
        let noIssue = try await fixture.changes.subscribe(ChangeFilter(issue: try fixture.number(99)))
        let noUser = try await fixture.changes.subscribe(ChangeFilter(assignee: try fixture.login("nobody")))
        let all = try await fixture.changes.subscribe(ChangeFilter())
        defer {
            Task {
                await noIssue.close(); await noUser.close(); await all.close()
            }
        }
        await #expect(throws: TrackerError.notFound("issue #99 does not exist")) {
            try await noIssue.position(of: .now)
        }
        await #expect(throws: ContractFixture.noUser("nobody")) { try await noUser.position(of: .now) }
        await #expect(
            throws: TrackerError.notFound("no event 999999: --since takes an event id that `tracker watch` printed")
        ) { try await all.position(of: .after(event: 999_999)) }
    }

    @Test(arguments: RepositoryKind.allCases)
    func aChangeEndsAWaitAndACancelEndsItToo(_ kind: RepositoryKind) async throws {
        let fixture = try await ContractFixture.make(kind)
        let subscription = try await fixture.changes.subscribe(ChangeFilter())
        defer { Task { await subscription.close() } }
        let start = try await subscription.position(of: .now)
        _ = try await fixture.issues.close(try fixture.number(1), reason: .completed, actor: fixture.alice)
        try await subscription.waitForChanges(timeout: .seconds(600))
        #expect(try await subscription.changes(after: start, limit: 10).changes.count == 1)

        let waiting = Task { try await subscription.waitForChanges(timeout: .seconds(60)) }
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
    }
}
