import Testing
import TrackerCore
import TrackerTestSupport
import TrackerUI

@MainActor
@Suite struct IssueDetailViewModelTests {
    let users: InMemoryUserRepository
    let issues: InMemoryIssueRepository
    let alice: Login

    init() async throws {
        alice = try Login("alice")
        users = InMemoryUserRepository([try User(login: alice)])
        issues = InMemoryIssueRepository(users: users)
        _ = try await issues.create(try IssueDraft(title: "Crash on start"), author: alice)
    }

    func makeViewModel(_ number: Int64 = 1, actor: Login?, showOnly: Bool = false) throws -> IssueDetailViewModel {
        IssueDetailViewModel(
            number: try IssueNumber(number), actor: actor,
            useCases: showOnly
                ? .init(show: ShowIssue(issues: issues))
                : .init(
                    show: ShowIssue(issues: issues), close: CloseIssue(issues: issues),
                    reopen: ReopenIssue(issues: issues)))
    }

    @Test func appearShowsTheIssueWithItsTimeline() async throws {
        let viewModel = try makeViewModel(actor: nil)
        await viewModel.send(.appear)
        #expect(viewModel.output.details?.issue.title == "Crash on start")
        #expect(viewModel.output.details?.events.map(\.kind) == [.created])
        #expect(viewModel.output.notice == nil)
        #expect(viewModel.output.failure == nil)
    }

    @Test func planningKeysSaveOneEditAndShowTheIssueAgain() async throws {
        _ = try await issues.create(try IssueDraft(title: "Epic"), author: alice)
        let viewModel = IssueDetailViewModel(
            number: try IssueNumber(1), actor: alice,
            useCases: .init(show: ShowIssue(issues: issues), edit: EditIssues(issues: issues, users: users)))
        await viewModel.send(.plan(try IssueEdit(priority: .set(.p1), parent: .set(try IssueNumber(2)))))
        #expect(viewModel.output.failure == nil)
        #expect(viewModel.output.notice == .planned)
        #expect(viewModel.output.details?.issue.priority == .p1)
        #expect(viewModel.output.details?.structure.parent?.title == "Epic")
        await viewModel.send(.plan(try IssueEdit(addBlockers: [try IssueNumber(1)])))
        #expect(viewModel.output.failure == .notFound("issue #1 cannot block itself; nothing was changed"))
        let reader = try makeViewModel(actor: nil, showOnly: true)
        await reader.send(.plan(try IssueEdit(priority: .clear)))
        #expect(reader.output.failure != nil, "a screen that only shows plans nothing")
    }

    @Test func closeAndReopenSayWhatTheyDidAndShowTheNewTimeline() async throws {
        let viewModel = try makeViewModel(actor: alice)
        await viewModel.send(.close(.notPlanned))
        guard case .stateChanged(.changed(let closed), closing: .notPlanned)? = viewModel.output.notice else {
            Issue.record("expected a close, got \(String(describing: viewModel.output.notice))")
            return
        }
        #expect(closed.state == .closed)
        #expect(viewModel.output.details?.issue.state == .closed)
        await viewModel.send(.close(.completed))
        #expect(viewModel.output.notice == .stateChanged(.unchanged(closed), closing: .completed))
        await viewModel.send(.reopen)
        guard case .stateChanged(.changed(let reopened), closing: nil)? = viewModel.output.notice else {
            Issue.record("expected a reopen, got \(String(describing: viewModel.output.notice))")
            return
        }
        await viewModel.send(.reopen)
        #expect(viewModel.output.notice == .stateChanged(.unchanged(reopened), closing: nil))
        #expect(viewModel.output.details?.events.map(\.kind) == [.created, .closed(.notPlanned), .reopened])
    }

    @Test func aMissingIssueIsAFailureAndTheNoticeIsCleared() async throws {
        let viewModel = try makeViewModel(99, actor: alice)
        await viewModel.send(.close(.completed))
        #expect(viewModel.output.failure == .notFound("issue #99 does not exist; nothing was changed"))
        #expect(viewModel.output.notice == nil)
        #expect(viewModel.output.details == nil)
    }

    @Test(arguments: [true, false])
    func withoutAnActorOrTheUseCasesNothingChanges(showOnly: Bool) async throws {
        let viewModel = try makeViewModel(actor: showOnly ? alice : nil, showOnly: showOnly)
        await viewModel.send(.close(.completed))
        #expect(viewModel.output.failure?.description == "invalid user: changing an issue needs an acting user")
        #expect(await issues.all.first?.state == .open)
    }

    @Test func aChildScreenThatChangedTheIssueShowsItAgainWithANotice() async throws {
        let viewModel = try makeViewModel(actor: alice)
        await viewModel.send(.appear)
        _ = try await issues.edit(
            [try IssueNumber(1)], try IssueEdit(title: "Crash at launch"), read: nil, actor: alice)
        await viewModel.send(.edited)
        #expect(viewModel.output.notice == .edited)
        #expect(viewModel.output.details?.issue.title == "Crash at launch")

        let comment = try await issues.add("Seen it too.", to: try IssueNumber(1), author: alice)
        await viewModel.send(.commented(comment))
        #expect(viewModel.output.notice == .commented(comment))
        #expect(viewModel.output.details?.comments == [comment])

        _ = try await issues.assign([alice], to: [try IssueNumber(1)], actor: alice)
        await viewModel.send(.assigned([alice]))
        #expect(viewModel.output.notice == .assigned([alice]))
        #expect(viewModel.output.details?.issue.assignees == [alice])
        await viewModel.send(.assigned([]))
        #expect(viewModel.output.notice == .assigned([]))

        await viewModel.send(.appear)
        #expect(viewModel.output.notice == nil, "a notice is said once")
    }
}
