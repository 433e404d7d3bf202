import Testing
import TrackerCore
import TrackerTestSupport

/// Dependencies (issue 30 item 2): blockers added and removed, shown both ways, counted as they
/// open and close; `--blocked` and `--ready`; a cycle through a chain refused naming it; undo.
@Suite struct DependencyContractTests {
    func block(
        _ fixture: ContractFixture, _ number: Int64, by blockers: [Int64], removing: [Int64] = [],
        on issues: (any IssueRepository)? = nil
    ) async throws {
        _ = try await (issues ?? fixture.issues).edit(
            [try fixture.number(number)],
            try IssueEdit(
                addBlockers: try blockers.map { try fixture.number($0) },
                removeBlockers: try removing.map { try fixture.number($0) }), read: nil, actor: fixture.alice)
    }

    @Test(arguments: RepositoryKind.allCases)
    func blockersAreShownBothWaysAndReadyFollowsTheirState(_ kind: RepositoryKind) async throws {
        let fixture = try await ContractFixture.make(kind, titles: ["Ship", "Build", "Test", "Docs"])
        try await block(fixture, 1, by: [2, 3])
        #expect(try await fixture.issue(1).openBlockers == 2)
        let ship = try await fixture.issues.details(of: try fixture.number(1))
        #expect(ship.structure.blockedBy.map(\.number.value) == [2, 3])
        #expect(
            try await fixture.issues.details(of: try fixture.number(2)).structure.blocking.map(\.number.value) == [1])
        var blocked = IssueFilter()
        blocked.blocked = .blocked
        var ready = IssueFilter()
        ready.blocked = .ready
        #expect(try await fixture.listed(blocked) == [1])
        #expect(try await fixture.listed(ready) == [4, 3, 2])
        _ = try await fixture.issues.close(try fixture.number(2), reason: .completed, actor: fixture.alice)
        _ = try await fixture.history.delete([try fixture.number(3)], actor: fixture.alice)
        #expect(try await fixture.issue(1).openBlockers == 0, "closed and trashed blockers do not block")
        #expect(try await fixture.listed(ready) == [4, 1])
        _ = try await fixture.history.restore([try fixture.number(3)], actor: fixture.alice)
        #expect(try await fixture.listed(blocked) == [1])
        try await block(fixture, 1, by: [], removing: [3])
        #expect(try await fixture.issue(1).openBlockers == 0)
        #expect(
            try await fixture.timeline(of: 1).suffix(3) == [
                "blocked by #2 by alice", "blocked by #3 by alice", "unblocked by #3 by alice",
            ])
    }

    @Test(arguments: RepositoryKind.allCases)
    func aCycleThroughAChainIsRefusedNamingTheChain(_ kind: RepositoryKind) async throws {
        let fixture = try await ContractFixture.make(kind, titles: ["A", "B", "C", "D"])
        try await block(fixture, 3, by: [2])
        try await block(fixture, 2, by: [1])
        await #expect(
            throws: TrackerError.notFound(
                "a cycle: #1 already blocks #3 (#1 → #2 → #3), so #3 cannot block #1; nothing was changed")
        ) { try await block(fixture, 1, by: [4, 3]) }
        await #expect(throws: TrackerError.notFound("issue #4 cannot block itself; nothing was changed")) {
            try await block(fixture, 4, by: [4])
        }
        #expect(try await fixture.issue(1).openBlockers == 0, "nothing of the refused change was kept")
        #expect(try await fixture.issues.details(of: try fixture.number(4)).structure.blocking.isEmpty)
    }

    @Test(arguments: RepositoryKind.allCases)
    func aHundredBlockersAreTheMost(_ kind: RepositoryKind) async throws {
        let fixture = try await ContractFixture.make(kind, titles: (1...102).map { "Issue \($0)" })
        try await block(fixture, 1, by: Array(2...101))
        #expect(try await fixture.issue(1).openBlockers == 100)
        await #expect(
            throws: TrackerError.notFound(
                "issue #1 already has 100 blockers, the most an issue can have; nothing was changed")
        ) { try await block(fixture, 1, by: [102], removing: []) }
        try await block(fixture, 1, by: [102], removing: [2])
        let blockers = try await fixture.issues.details(of: try fixture.number(1)).structure.blockedBy.map(
            \.number.value)
        #expect(blockers == Array(3...102), "those removed make room for those added in the same edit")
    }

    @Test(arguments: RepositoryKind.allCases)
    func undoTakesBackAParentAndABlockerAndUndoingTheUndoPutsThemBack(_ kind: RepositoryKind) async throws {
        let fixture = try await ContractFixture.make(kind, titles: ["A", "B", "C"])
        _ = try await fixture.issues.edit(
            [try fixture.number(3)],
            try IssueEdit(parent: .set(try fixture.number(1)), addBlockers: [try fixture.number(2)]),
            read: nil, actor: fixture.alice)
        _ = try await fixture.history.undo(actor: fixture.alice)
        #expect(try await fixture.issue(3).parent == nil)
        #expect(try await fixture.issue(3).openBlockers == 0)
        #expect(try await fixture.issue(1).subIssues.total == 0)
        _ = try await fixture.history.undo(actor: fixture.alice)
        #expect(try await fixture.issue(3).parent?.value == 1)
        #expect(try await fixture.issue(3).openBlockers == 1)
        #expect(try await fixture.issue(1).subIssues.total == 1)
    }

    /// 20 sessions move, close, reopen and block at once; every kept count equals a recount.
    @Test(arguments: RepositoryKind.allCases)
    func countsEqualARecountAfterTwentyConcurrentMovers(_ kind: RepositoryKind) async throws {
        let fixture = try await ContractFixture.make(kind, titles: (1...24).map { "Issue \($0)" })
        try await withThrowingTaskGroup(of: Void.self) { group in
            for mover in 0..<20 {
                let issues = fixture.session()
                group.addTask {
                    var random = SeededGenerator(seed: UInt64(mover) + 1)
                    for _ in 0..<6 {
                        let number = try fixture.number(Int64.random(in: 1...24, using: &random))
                        let other = try fixture.number(Int64.random(in: 1...24, using: &random))
                        do {
                            switch Int.random(in: 0..<5, using: &random) {
                            case 0:
                                _ = try await issues.edit(
                                    [number], try IssueEdit(parent: .set(other)), read: nil, actor: fixture.alice)
                            case 1:
                                _ = try await issues.edit(
                                    [number], try IssueEdit(addBlockers: [other]), read: nil, actor: fixture.alice)
                            case 2:
                                _ = try await issues.close([number, other], reason: .completed, actor: fixture.alice)
                            case 3: _ = try await issues.reopen([number], actor: fixture.alice)
                            default:
                                _ = try await issues.edit(
                                    [number], try IssueEdit(parent: .clear), read: nil, actor: fixture.alice)
                            }
                        } catch TrackerError.notFound {
                            // A cycle or a limit, refused: the race is in what the others did meanwhile.
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        let all = try await fixture.issues.list(IssueFilter(state: .all, limit: nil))
        let byNumber = Dictionary(uniqueKeysWithValues: all.map { ($0.number, $0) })
        func recount(_ number: IssueNumber) -> SubIssueProgress {
            all.filter { $0.parent == number }.reduce(into: SubIssueProgress()) { sum, child in
                let below = recount(child.number)
                sum.total += 1 + below.total
                sum.done += (child.state == .closed ? 1 : 0) + below.done
            }
        }
        var moved = 0
        for issue in all {
            #expect(issue.subIssues == recount(issue.number), "issue \(issue.number)")
            let blockers = try await fixture.issues.details(of: issue.number).structure.blockedBy
            #expect(issue.openBlockers == blockers.filter { byNumber[$0.number]?.state == .open }.count)
            if issue.parent != nil || !blockers.isEmpty { moved += 1 }
        }
        #expect(moved > 5, "the movers changed the structure")
    }
}
