import Foundation
import Testing
import TrackerCore
import TrackerTestSupport
import TrackerUI

@MainActor
@Suite struct IssueListViewModelTests {
    let users = InMemoryUserRepository([try! User(login: Login("alice"))])

    func seeded(_ titles: [String]) async throws -> InMemoryIssueRepository {
        let issues = InMemoryIssueRepository(users: users)
        for title in titles { _ = try await issues.create(try IssueDraft(title: title), author: Login("alice")) }
        return issues
    }

    @Test func appearLoadsTheOpenIssuesNewestFirst() async throws {
        let viewModel = IssueListViewModel(listIssues: ListIssues(issues: try await seeded(["One", "Two"])))
        await viewModel.send(.appear)
        #expect(viewModel.output.issues.map(\.title) == ["Two", "One"])
        #expect(viewModel.output.notice == nil)
        #expect(viewModel.output.failure == nil)
    }

    @Test func anEmptyListSaysSo() async throws {
        let viewModel = IssueListViewModel(listIssues: ListIssues(issues: try await seeded([])))
        await viewModel.send(.appear)
        #expect(viewModel.output.notice == .noIssues(.open))
        await viewModel.send(.filter(IssueFilter(state: .closed)))
        #expect(viewModel.output.notice == .noIssues(.closed))
        #expect(viewModel.output.filter.state == .closed)
    }

    /// The screen's search reads gh's qualifiers as the CLI does; an empty match says so.
    @Test func aSearchWithQualifiersFiltersAndAnEmptyMatchSaysSo() async throws {
        let viewModel = IssueListViewModel(listIssues: ListIssues(issues: try await seeded(["One", "Two"])))
        await viewModel.send(.search("is:open One"))
        #expect(viewModel.output.issues.map(\.title) == ["One"])
        await viewModel.send(.search("is:closed"))
        #expect(viewModel.output.issues.isEmpty && viewModel.output.notice == .noIssues(.closed))
        await viewModel.send(.search("is:open zebra"))
        #expect(viewModel.output.issues.isEmpty && viewModel.output.notice == .noMatch)
        await viewModel.send(.search("lable:x"))
        #expect(viewModel.output.failure?.description.contains("unknown qualifier 'lable:'") == true)
    }

    @Test func aFilterWithALimitReportsMore() async throws {
        let viewModel = IssueListViewModel(listIssues: ListIssues(issues: try await seeded(["1", "2", "3"])))
        await viewModel.send(.filter(IssueFilter(limit: 2)))
        #expect(viewModel.output.issues.count == 2)
        #expect(viewModel.output.hasMore)
    }

    @Test func aFailureIsShownAndTheLastIssuesAreKept() async throws {
        let issues = try await seeded(["One"])
        let viewModel = IssueListViewModel(listIssues: ListIssues(issues: issues))
        await viewModel.send(.appear)
        await issues.failNextCall(with: .databaseUnavailable("down"))
        await viewModel.send(.appear)
        #expect(viewModel.output.failure == .databaseUnavailable("down"))
        #expect(viewModel.output.issues.map(\.title) == ["One"])
    }

    @Test func navigationIsHandedBackAsARoute() async throws {
        let viewModel = IssueListViewModel(listIssues: ListIssues(issues: try await seeded(["One"])))
        let one = try IssueNumber(1)
        #expect(await viewModel.send(.newIssue) == .create)
        #expect(await viewModel.send(.assign(one)) == .assign(one))
        #expect(await viewModel.send(.view(one)) == .view(one))
        #expect(await viewModel.send(.appear) == nil)
    }

    @Test func closeAndReopenSayWhatTheyDidAndReloadThePage() async throws {
        let issues = try await seeded(["One", "Two"])
        let viewModel = IssueListViewModel(
            useCases: .init(
                list: ListIssues(issues: issues), close: CloseIssue(issues: issues), reopen: ReopenIssue(issues: issues)
            ),
            actor: try Login("alice"))
        await viewModel.send(.appear)
        let two = try IssueNumber(2)
        await viewModel.send(.close([two], .completed))
        guard case .stateChanged(let changes, closing: .completed)? = viewModel.output.notice, changes.count == 1,
            case .changed(let closed) = changes[0]
        else {
            Issue.record("expected a close, got \(String(describing: viewModel.output.notice))")
            return
        }
        #expect(closed.number == two)
        #expect(viewModel.output.issues.map(\.title) == ["One"])
        await viewModel.send(.close([two], .completed))
        #expect(viewModel.output.notice == .stateChanged([.unchanged(closed)], closing: .completed))
        await viewModel.send(.reopen([two]))
        guard case .stateChanged(let reopens, closing: nil)? = viewModel.output.notice, reopens.count == 1,
            case .changed(let reopened) = reopens[0]
        else {
            Issue.record("expected a reopen, got \(String(describing: viewModel.output.notice))")
            return
        }
        #expect(reopened.state == .open)
        #expect(viewModel.output.issues.map(\.title) == ["Two", "One"])
        await viewModel.send(.close([try IssueNumber(9)], .completed))
        #expect(viewModel.output.failure == .notFound("issue #9 does not exist; nothing was changed"))
    }

    @Test func pagesMoveByKeysetAndStopAtTheEnds() async throws {
        let issues = try await seeded((1...5).map { "Issue \($0)" })
        let viewModel = IssueListViewModel(listIssues: ListIssues(issues: issues), filter: IssueFilter(limit: 2))
        await viewModel.send(.appear)
        #expect(viewModel.output.issues.map(\.number.value) == [5, 4])
        await viewModel.send(.nextPage)
        #expect(viewModel.output.issues.map(\.number.value) == [3, 2])
        #expect(viewModel.output.page == 2)
        await viewModel.send(.nextPage)
        #expect(viewModel.output.issues.map(\.number.value) == [1])
        await viewModel.send(.nextPage)
        #expect(viewModel.output.notice == .lastPage)
        await viewModel.send(.previousPage)
        await viewModel.send(.previousPage)
        #expect(viewModel.output.issues.map(\.number.value) == [5, 4])
        await viewModel.send(.previousPage)
        #expect(viewModel.output.notice == .firstPage)
        await viewModel.send(.filter(IssueFilter(sort: .updated, limit: 2)))
        await viewModel.send(.nextPage)
        #expect(viewModel.output.page == 1)
        #expect(viewModel.output.notice == .pagesNeedCreatedOrder)
    }

    @Test func closingSeveralWithoutAListLoadsNoPage() async throws {
        let issues = try await seeded(["One", "Two"])
        let viewModel = IssueListViewModel(
            useCases: .init(
                list: ListIssues(issues: issues), close: CloseIssue(issues: issues), reopen: ReopenIssue(issues: issues)
            ),
            actor: try Login("alice"))
        await viewModel.send(.close([try IssueNumber(1), try IssueNumber(2)], .notPlanned))
        guard case .stateChanged(let changes, closing: .notPlanned)? = viewModel.output.notice else {
            Issue.record("expected a close, got \(String(describing: viewModel.output.notice))")
            return
        }
        #expect(changes.map(\.issue.number.value) == [1, 2])
        #expect(viewModel.output.issues.isEmpty, "a command that shows no list reads none")
        #expect(await issues.all.allSatisfy { $0.state == .closed })
    }
}
