import Testing
import TrackerCore
import TrackerTestSupport
import TrackerUI

/// The screens refuse what the session's level does not allow, in the database's words, before
/// any use case runs: nothing changes, and no screen opens.
@MainActor
@Suite struct PermissionsViewModelTests {
    let users: InMemoryUserRepository
    let issues: InMemoryIssueRepository
    let alice: Login
    let carol: Login

    init() async throws {
        alice = try Login("alice")
        carol = try Login("carol")
        users = InMemoryUserRepository([try User(login: alice), try User(login: carol)])
        issues = InMemoryIssueRepository(users: users)
        _ = try await issues.create(try IssueDraft(title: "Crash on start"), author: alice)
    }

    func level(_ level: AccessLevel, as login: Login) -> Permissions {
        Permissions(name: login.value, actor: login, level: level)
    }

    func detail(as login: Login, _ level: AccessLevel) throws -> IssueDetailViewModel {
        IssueDetailViewModel(
            number: try IssueNumber(1), actor: login,
            useCases: .init(
                show: ShowIssue(issues: issues), close: CloseIssue(issues: issues), reopen: ReopenIssue(issues: issues)),
            permissions: self.level(level, as: login))
    }

    @Test func aReaderOnTheIssueScreenIsRefusedEveryChangeAndNothingChanges() async throws {
        let viewModel = try detail(as: carol, .read)
        await viewModel.send(.appear)
        #expect(viewModel.output.permissions.level == .read)
        await viewModel.send(.close(.completed))
        #expect(
            viewModel.output.failure == .accessDenied("carol has read on this tracker; closing issues needs triage"))
        #expect(try await issues.details(of: IssueNumber(1)).issue.state == .open)
        for input: IssueDetailViewModel.Input in [.edit, .comment, .chooseAssignees, .chooseLabels, .chooseMilestone] {
            #expect(await viewModel.send(input) == nil, "\(input) opened a screen")
            #expect(viewModel.output.failure?.isAccessDenied == true, "\(input)")
        }
        #expect(
            await viewModel.send(.edit) == nil
                && viewModel.output.failure
                    == .accessDenied("carol has read on this tracker; editing alice's issue needs maintain")
        )
        #expect(await viewModel.send(.back) == .back)
    }

    @Test func aWriterEditsTheirOwnIssueButNotAnotherOnesAndOrganizesAny() async throws {
        _ = try await issues.create(try IssueDraft(title: "Carol's own"), author: carol)
        let own = IssueDetailViewModel(
            number: try IssueNumber(2), actor: carol, useCases: .init(show: ShowIssue(issues: issues)),
            permissions: level(.write, as: carol))
        await own.send(.appear)
        #expect(await own.send(.edit) == .edit)
        #expect(await own.send(.comment) == .comment)
        let other = try detail(as: carol, .write)
        await other.send(.appear)
        #expect(await other.send(.edit) == nil)
        #expect(
            other.output.failure
                == .accessDenied("carol has write on this tracker; editing alice's issue needs maintain"))
        #expect(await other.send(.chooseLabels) == .labels, "write holds triage")
    }

    @Test func theListRefusesNewIssuesAndClosingBelowTheirLevels() async throws {
        let viewModel = IssueListViewModel(
            useCases: .init(
                list: ListIssues(
                    issues: issues, labels: InMemoryLabelRepository(issues: issues),
                    milestones: InMemoryMilestoneRepository(issues: issues), users: users),
                close: CloseIssue(issues: issues),
                reopen: ReopenIssue(issues: issues)),
            actor: carol, permissions: level(.read, as: carol))
        await viewModel.send(.appear)
        #expect(await viewModel.send(.newIssue) == nil)
        #expect(
            viewModel.output.failure == .accessDenied("carol has read on this tracker; creating an issue needs write"))
        #expect(await viewModel.send(.assign(try IssueNumber(1))) == nil)
        await viewModel.send(.close([try IssueNumber(1)], .completed))
        #expect(
            viewModel.output.failure == .accessDenied("carol has read on this tracker; closing issues needs triage"))
        #expect(try await issues.details(of: IssueNumber(1)).issue.state == .open)
        #expect(await viewModel.send(.view(try IssueNumber(1))) == .view(try IssueNumber(1)))
    }

    @Test func labelsMilestonesAndPeopleAreReadOnlyBelowTheirLevels() async throws {
        let labelRepository = InMemoryLabelRepository(issues: issues)
        let bug = try await labelRepository.create(try Label(name: LabelName("bug")))
        let labels = LabelsViewModel(
            labels: ManageLabels(labels: labelRepository), actor: carol, permissions: level(.triage, as: carol))
        await labels.send(.appear)
        await labels.send(.delete(bug.name))
        #expect(
            labels.output.failure == .accessDenied("carol has triage on this tracker; deleting a label needs maintain"))
        #expect(labels.output.items.map(\.name) == [bug.name])

        let milestones = MilestonesViewModel(
            milestones: ManageMilestones(milestones: InMemoryMilestoneRepository(issues: issues)), actor: carol,
            permissions: level(.write, as: carol))
        await milestones.send(.create(try MilestoneTitle("v1.0"), description: "", due: nil))
        #expect(
            milestones.output.failure
                == .accessDenied("carol has write on this tracker; creating a milestone needs maintain"))
        await milestones.send(.appear)
        #expect(milestones.output.items.isEmpty)

        let people = PeopleViewModel(
            listUsers: ListUsers(users: users), addUser: AddUser(users: users), permissions: level(.maintain, as: carol)
        )
        await people.send(.add(try User(login: Login("dave"))))
        #expect(people.output.failure == .accessDenied("carol has maintain on this tracker; adding users needs admin"))
        #expect(try await users.find(Login("dave")) == nil)
    }
}

extension TrackerError {
    fileprivate var isAccessDenied: Bool {
        if case .accessDenied = self { return true }
        return false
    }
}
