import Synchronization
import Testing
import TrackerCore

/// `IssueRepository.list` and `stream`: state, order, limit, keyset paging and filters.
@Suite struct ListContractTests {
    @Test(arguments: RepositoryKind.allCases)
    func listsNewestFirstFilteredByStateWithALimit(_ kind: RepositoryKind) async throws {
        let fixture = try await ContractFixture.make(kind)
        _ = try await fixture.issues.close(try fixture.number(2), reason: .completed, actor: fixture.alice)
        #expect(try await fixture.issues.list(IssueFilter()).map(\.title) == ["Three", "One"])
        let closed = try await fixture.issues.list(IssueFilter(state: .closed))
        #expect(closed.map(\.title) == ["Two"])
        #expect(closed.allSatisfy { $0.state == .closed && $0.closedAt != nil })
        #expect(try await fixture.issues.list(IssueFilter(state: .all, limit: 2)).map(\.title) == ["Three", "Two"])
        #expect(try await fixture.listed(IssueFilter(state: .all, limit: nil)) == [3, 2, 1])
        #expect(try await fixture.listed(IssueFilter(state: .all, limit: 0)).isEmpty)
        #expect(try await fixture.listed(IssueFilter(state: .all, ascending: true)) == [1, 2, 3])
    }

    @Test(arguments: RepositoryKind.allCases)
    func afterPagesThroughTheCreatedOrderOnly(_ kind: RepositoryKind) async throws {
        let fixture = try await ContractFixture.make(kind, titles: ["1", "2", "3", "4", "5"])
        var newest = IssueFilter(state: .all, limit: 2)
        #expect(try await fixture.listed(newest) == [5, 4])
        newest.after = try fixture.number(4)
        #expect(try await fixture.listed(newest) == [3, 2])
        newest.after = try fixture.number(2)
        #expect(try await fixture.listed(newest) == [1])
        newest.after = try fixture.number(1)
        #expect(try await fixture.listed(newest).isEmpty)
        var oldest = IssueFilter(state: .all, ascending: true, limit: 2)
        oldest.after = try fixture.number(2)
        #expect(try await fixture.listed(oldest) == [3, 4])
        oldest.after = try fixture.number(9)
        #expect(try await fixture.listed(oldest).isEmpty)
        var updated = IssueFilter(state: .all, sort: .updated, limit: nil)
        updated.after = try fixture.number(3)
        #expect(try await fixture.listed(updated) == [5, 4, 3, 2, 1], "`after` is for the created order")
    }

    /// gh's `-label:`, `no:label`, `created:` and `updated:`, over both repositories.
    @Test(arguments: RepositoryKind.allCases)
    func labelsLeftOutNoLabelAndTimeRanges(_ kind: RepositoryKind) async throws {
        let fixture = try await ContractFixture.make(kind)
        for name in ["bug", "ui"] { _ = try await fixture.labels.create(try Label(name: try LabelName(name))) }
        let labelled = try IssueEdit(addLabels: [try LabelName("bug")])
        _ = try await fixture.issues.edit(try fixture.numbers(1, 2), labelled, read: nil, actor: fixture.alice)
        let ui = try IssueEdit(addLabels: [try LabelName("UI")])
        _ = try await fixture.issues.edit(try fixture.numbers(2), ui, read: nil, actor: fixture.alice)
        var filter = IssueFilter(state: .all)
        filter.excludedLabels = [try LabelName("Ui")]
        #expect(try await fixture.listed(filter) == [3, 1])
        filter.excludedLabels = []
        filter.unlabeled = true
        #expect(try await fixture.listed(filter) == [3])
        filter.unlabeled = false

        let second = try await fixture.issue(2)
        filter.created = TimeRange(from: second.createdAt)
        #expect(try await fixture.listed(filter) == [3, 2], "from is included")
        filter.created = TimeRange(before: second.createdAt)
        #expect(try await fixture.listed(filter) == [1], "before is left out")
        filter.created = TimeRange()
        let labelledLast = try await fixture.issue(2).updatedAt
        filter.updated = TimeRange(from: labelledLast)
        #expect(try await fixture.listed(filter) == [2], "the last one changed")
    }

    @Test(arguments: RepositoryKind.allCases)
    func filtersByAssigneeAuthorAndWords(_ kind: RepositoryKind) async throws {
        let fixture = try await ContractFixture.make(kind)
        _ = try await fixture.issues.assign(try fixture.logins("bob"), to: try fixture.numbers(2), actor: fixture.alice)
        _ = try await fixture.issues.create(
            try IssueDraft(title: "Crash on login", body: "The app crashes when the password is empty"),
            author: try fixture.login("bob"))
        #expect(try await fixture.listed(IssueFilter(assignee: .user(try fixture.login("BOB")))) == [2])
        await #expect(throws: ContractFixture.noUser("zed"), "someone unregistered is refused, not an empty list") {
            try await fixture.listed(IssueFilter(assignee: .user(try fixture.login("zed"))))
        }
        #expect(try await fixture.listed(IssueFilter(assignee: .nobody)) == [4, 3, 1])
        #expect(try await fixture.listed(IssueFilter(author: try fixture.login("bob"))) == [4])
        #expect(try await fixture.listed(IssueFilter(author: try fixture.login("carol"))).isEmpty)
        #expect(try await fixture.listed(IssueFilter(assignee: .nobody, author: fixture.alice)) == [3, 1])
        #expect(try await fixture.listed(IssueFilter(search: "login CRASH")) == [4], "every word, ignoring case")
        #expect(try await fixture.listed(IssueFilter(search: "APP password")) == [4], "the body counts")
        #expect(try await fixture.listed(IssueFilter(search: "crash missing")).isEmpty)
        #expect(try await fixture.listed(IssueFilter(search: "'); DROP TABLE issues; --")).isEmpty)
        #expect(try await fixture.listed(IssueFilter(state: .all, limit: nil)) == [4, 3, 2, 1])
        #expect(try await fixture.listed(IssueFilter(ascending: true, limit: 2)) == [1, 2])
        #expect(try await fixture.listed(IssueFilter(ascending: true)) == [1, 2, 3, 4])
        #expect(try await fixture.listed(IssueFilter(sort: .updated)) == [4, 2, 3, 1])
        #expect(try await fixture.listed(IssueFilter(sort: .updated, ascending: true)) == [1, 3, 2, 4])
    }

    /// Only words both can use: in-memory search matches whole words and ignores none, so stop
    /// words, stemming and over-long words are checked against PostgreSQL alone.
    @Test(arguments: RepositoryKind.allCases)
    func wordsEveryIndexCanUseAreNeverIgnored(_ kind: RepositoryKind) async throws {
        let fixture = try await ContractFixture.make(kind)
        #expect(try await fixture.issues.ignoredSearchWords(in: "crash login").isEmpty)
        #expect(try await fixture.issues.ignoredSearchWords(in: "Password 42").isEmpty)
    }

    @Test(arguments: RepositoryKind.allCases)
    func streamHandsOverWhatListReturns(_ kind: RepositoryKind) async throws {
        let fixture = try await ContractFixture.make(kind, titles: ["1", "2", "3", "4", "5"])
        _ = try await fixture.issues.close(try fixture.number(4), reason: .completed, actor: fixture.alice)
        var page = IssueFilter(state: .all, limit: 2)
        page.after = try fixture.number(4)
        let filters = [
            IssueFilter(state: .all, ascending: true, limit: nil), IssueFilter(limit: 2), page,
            IssueFilter(state: .closed), IssueFilter(state: .all, sort: .updated, limit: nil),
        ]
        for filter in filters {
            let streamed = Mutex<[TrackerCore.Issue]>([])
            try await fixture.issues.stream(filter) { issue in streamed.withLock { $0.append(issue) } }
            let listed = try await fixture.issues.list(filter)
            #expect(streamed.withLock { $0 } == listed, "\(filter)")
        }
    }
}
