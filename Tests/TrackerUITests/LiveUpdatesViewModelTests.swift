import Testing
import TrackerCore
import TrackerTestSupport
import TrackerUI

/// What the list and issue screens make of teammates' changes (the terminal side is
/// LiveScreensTerminalTests): which changes touch the page, and what landed on an issue.
@MainActor
@Suite struct LiveUpdatesViewModelTests {
    let alice: Login
    let users: InMemoryUserRepository
    let issues: InMemoryIssueRepository

    init() async throws {
        alice = try Login("alice")
        users = InMemoryUserRepository([try User(login: alice)])
        issues = InMemoryIssueRepository(users: users)
        for index in 1...5 { _ = try await issues.create(try IssueDraft(title: "Issue \(index)"), author: alice) }
    }

    func news(_ numbers: Int64...) throws -> LiveNews {
        LiveNews(changedIssues: Set(try numbers.map { try IssueNumber($0) }))
    }

    func list(_ filter: IssueFilter) -> IssueListViewModel {
        IssueListViewModel(listIssues: ListIssues(issues: issues), filter: filter)
    }

    @Test func theFirstPageCountsIssuesItShowsAndThoseThatWouldComeOnTopOrFillAGap() async throws {
        let viewModel = list(IssueFilter(state: .open, limit: 2))
        await viewModel.send(.appear)
        #expect(viewModel.output.issues.map(\.number.value) == [5, 4])
        #expect(viewModel.affected(by: try news(4)) == 1)
        #expect(viewModel.affected(by: try news(6)) == 1, "a new issue comes on top of the first page")
        #expect(viewModel.affected(by: try news(2, 3)) == 0, "further down, on later pages")
        #expect(viewModel.affected(by: LiveNews(notices: [.restored])) == 0)

        await viewModel.send(.nextPage)
        #expect(viewModel.output.issues.map(\.number.value) == [3, 2])
        #expect(viewModel.affected(by: try news(6)) == 0, "not on the second page")
        #expect(viewModel.affected(by: try news(3, 5)) == 1)
    }

    @Test func theLastPageCountsIssuesThatWouldComeAfterIt() async throws {
        let viewModel = list(IssueFilter(state: .open, limit: 10))
        await viewModel.send(.appear)
        #expect(!viewModel.output.hasMore)
        _ = try await issues.close([try IssueNumber(1)], reason: .completed, actor: alice)
        await viewModel.send(.refresh)
        #expect(viewModel.output.issues.map(\.number.value) == [5, 4, 3, 2])
        #expect(viewModel.affected(by: try news(1)) == 1, "reopened, it would show again at the end")
    }

    @Test func sortedByUpdateAnyChangeTouchesTheFirstPageOnly() async throws {
        let viewModel = list(IssueFilter(state: .open, sort: .updated, limit: 2))
        await viewModel.send(.appear)
        #expect(viewModel.output.issues.count == 2)
        #expect(viewModel.affected(by: try news(1)) == 1, "its update brings it to the top")
    }

    @Test func anIssueChangedElsewhereSaysWhatLandedSinceItWasShown() async throws {
        let viewModel = IssueDetailViewModel(
            number: try IssueNumber(1), actor: alice, useCases: .init(show: ShowIssue(issues: issues)))
        await viewModel.send(.appear)
        #expect(viewModel.output.landed.isEmpty)

        let comment = try await issues.add("Seen on staging", to: try IssueNumber(1), author: alice)
        _ = try await issues.close([try IssueNumber(1)], reason: .notPlanned, actor: alice)
        await viewModel.send(.changedElsewhere(try news(1)))
        #expect(viewModel.output.landed.comments == [comment])
        #expect(viewModel.output.landed.events.map(\.kind) == [.commented(comment.id), .closed(.notPlanned)])
        #expect(viewModel.output.details?.issue.state == .closed)

        await viewModel.send(.changedElsewhere(try news(1)))
        #expect(viewModel.output.landed.isEmpty, "nothing new since")
        await viewModel.send(.appear)
        #expect(viewModel.output.landed.isEmpty, "only a change elsewhere says what landed")
    }

    @Test func newsOnTheListRedrawsOnlyWhenNothingIsTypedAndNewsOfNoIssueReadsNothing() async throws {
        let viewModel = list(IssueFilter(state: .open, limit: 2))
        await viewModel.send(.appear)
        _ = try await issues.close([try IssueNumber(5)], reason: .completed, actor: alice)
        await viewModel.send(.changedElsewhere(try news(5), typing: true))
        #expect(viewModel.output.news?.affected == 1 && viewModel.output.news?.typing == true)
        #expect(viewModel.output.issues.map(\.number.value) == [5, 4], "not redrawn under the typing")
        await viewModel.send(.changedElsewhere(try news(5), typing: false))
        #expect(viewModel.output.issues.map(\.number.value) == [4, 3])

        let detail = IssueDetailViewModel(
            number: try IssueNumber(1), actor: alice, useCases: .init(show: ShowIssue(issues: issues)))
        await detail.send(.appear)
        await issues.failNextCall(with: .databaseUnavailable("down"))
        await detail.send(.changedElsewhere(LiveNews(notices: [.restored])))
        #expect(detail.output.failure == nil, "only a changed issue is read again")
        #expect(detail.output.news == LiveNews(notices: [.restored]))
    }
}
